"""Writes kb/org.csv: the org chart of a fictional company, Northwind Labs.

Conventions: `person reports_to person` (functional; the CEO reports to no
one), `person member_of team`, `person role role`, `person located_in office`
(functional), teams sit in groups/departments through `part-of` (two teams
are attached with `contains` from the department instead), `person owns
service`, `service depends_on service`, `service written_in language`.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from kbwriter import KB  # noqa: E402

kb = KB()
for p in ["reports_to", "role", "located_in", "joined_in"]:
    kb.functional(p)

kb.label("northwind", "Northwind Labs")
kb.add("northwind", "is-a", "company")
kb.add("northwind", "founded_in", 2012)
kb.add("northwind", "headquartered_in", "london")
for sub, name in [("northwind_payments_ltd", "Northwind Payments Ltd"), ("northwind_gmbh", "Northwind GmbH")]:
    kb.label(sub, name)
    kb.add("northwind", "parent-of", sub)
    kb.add(sub, "is-a", "company")
kb.add("northwind_gmbh", "located_in", "berlin")

DEPARTMENTS = [("engineering", "Engineering"), ("product", "Product"), ("sales", "Sales"), ("finance", "Finance"),
               ("people_operations", "People Operations")]
for did, name in DEPARTMENTS:
    kb.label(did, name)
    kb.add(did, "is-a", "department")
    kb.add(did, "part-of", "northwind")
for gid, name in [("commerce_group", "Commerce Group"), ("infrastructure_group", "Infrastructure Group")]:
    kb.label(gid, name)
    kb.add(gid, "is-a", "engineering_group")
    kb.add(gid, "part-of", "engineering")
kb.label("engineering_group", "engineering group")
kb.add("engineering_group", "is-a", "organizational_unit")
kb.add("department", "is-a", "organizational_unit")
kb.add("team", "is-a", "organizational_unit")
kb.label("organizational_unit", "organizational unit")

TEAMS = [  # id, name, parent, how attached
    ("payments_team", "Payments Team", "commerce_group", "part-of"),
    ("checkout_team", "Checkout Team", "commerce_group", "part-of"),
    ("platform_team", "Platform Team", "infrastructure_group", "part-of"),
    ("security_team", "Security Team", "infrastructure_group", "part-of"),
    ("data_team", "Data Team", "engineering", "part-of"),
    ("mobile_team", "Mobile Team", "engineering", "contains"),
    ("design_team", "Design Team", "product", "contains"),
    ("product_management_team", "Product Management Team", "product", "part-of"),
    ("enterprise_sales_team", "Enterprise Sales Team", "sales", "part-of"),
    ("leadership_team", "Leadership Team", "northwind", "part-of"),
]
for tid, name, parent, how in TEAMS:
    kb.label(tid, name)
    kb.add(tid, "is-a", "team")
    if how == "part-of":
        kb.add(tid, "part-of", parent)
    else:
        kb.add(parent, "contains", tid)

OFFICES = [("london_office", "London office", "london", "London", "united_kingdom", "United Kingdom"),
           ("berlin_office", "Berlin office", "berlin", "Berlin", "germany", "Germany"),
           ("lisbon_office", "Lisbon office", "lisbon", "Lisbon", "portugal", "Portugal"),
           ("new_york_office", "New York office", "new_york_city", "New York City", "united_states", "United States")]
for oid, name, city, cname, country, coname in OFFICES:
    kb.label(oid, name)
    kb.add(oid, "is-a", "office")
    kb.add(oid, "located_in", city)
    kb.label(city, cname)
    kb.add(city, "located_in", country)
    kb.label(country, coname)

# person id, display name, reports_to, team, role, office, joined (None: not recorded)
PEOPLE = [
    ("helen", "Helen Okafor", None, "leadership_team", "chief_executive_officer", "london_office", 2012),
    ("marcus", "Marcus Lindqvist", "helen", "leadership_team", "chief_technology_officer", "london_office", 2013),
    ("fatima", "Fatima Rahman", "helen", "leadership_team", "chief_financial_officer", "london_office", 2016),
    ("jose_alvarez", "José Álvarez", "helen", "leadership_team", "chief_product_officer", "lisbon_office", 2015),
    ("siobhan_obrien", "Siobhán O'Brien", "helen", "leadership_team", "vp_of_sales", "new_york_office", None),
    ("anne_marie", "Anne-Marie Dubois", "helen", "leadership_team", "head_of_people", "london_office", None),
    ("carol", "Carol Bennett", "marcus", "commerce_group", "engineering_director", "london_office", 2014),
    ("priya", "Priya Natarajan", "carol", "payments_team", "engineering_manager", "london_office", 2016),
    ("tom", "Tom Fischer", "priya", "payments_team", "senior_software_engineer", "berlin_office", 2019),
    ("aisha", "Aisha Bello", "priya", "payments_team", "software_engineer", "london_office", 2021),
    ("kenji", "Kenji Watanabe", "priya", "payments_team", "staff_engineer", "london_office", None),
    ("omar", "Omar Haddad", "carol", "checkout_team", "engineering_manager", "london_office", 2015),
    ("sofia", "Sofia Costa", "omar", "checkout_team", "senior_software_engineer", "lisbon_office", None),
    ("ben", "Ben Carter", "omar", "checkout_team", "software_engineer", "london_office", 2023),
    ("dmitri", "Dmitri Volkov", "marcus", "infrastructure_group", "engineering_director", "berlin_office", None),
    ("grace", "Grace Mensah", "dmitri", "platform_team", "engineering_manager", "berlin_office", None),
    ("raj", "Raj Malhotra", "grace", "platform_team", "staff_engineer", "berlin_office", None),
    ("hannah", "Hannah Schmidt", "grace", "platform_team", "site_reliability_engineer", "berlin_office", None),
    ("wei", "Wei Zhang", "dmitri", "security_team", "engineering_manager", "london_office", None),
    ("olga", "Olga Petrova", "wei", "security_team", "security_engineer", "berlin_office", None),
    ("chloe", "Chloe Martin", "marcus", "data_team", "data_engineering_lead", "london_office", None),
    ("arjun", "Arjun Mehta", "chloe", "data_team", "data_engineer", "london_office", None),
    ("mei", "Mei Lin", "chloe", "data_team", "data_scientist", "new_york_office", None),
    ("ivan", "Ivan Horvat", "marcus", "mobile_team", "engineering_manager", "berlin_office", None),
    ("zoe", "Zoë Adams", "ivan", "mobile_team", "senior_software_engineer", "london_office", None),
    ("nadia", "Nadia Karim", "jose_alvarez", "design_team", "design_lead", "lisbon_office", None),
    ("elif", "Elif Yılmaz", "nadia", "design_team", "product_designer", "lisbon_office", None),
    ("daniel", "Daniel Kim", "siobhan_obrien", "enterprise_sales_team", "sales_manager", "new_york_office", None),
    ("amara", "Amara Eze", "daniel", "enterprise_sales_team", "account_executive", "new_york_office", None),
]
for pid, name, boss, team, role, office, joined in PEOPLE:
    kb.label(pid, name)
    if boss:
        kb.add(pid, "reports_to", boss)
    kb.add(pid, "member_of", team)
    kb.add(pid, "role", role)
    kb.add(pid, "located_in", office)
    if joined:
        kb.add(pid, "joined_in", joined)
kb.add("kenji", "member_of", "security_team")  # also on the security team's on-call rotation
kb.add("carol", "alias", "Caz")

ROLES = {  # role id -> (name, parent role)
    "chief_executive_officer": ("Chief Executive Officer", "executive"),
    "chief_technology_officer": ("Chief Technology Officer", "executive"),
    "chief_financial_officer": ("Chief Financial Officer", "executive"),
    "chief_product_officer": ("Chief Product Officer", "executive"),
    "vp_of_sales": ("VP of Sales", "executive"), "head_of_people": ("Head of People", "executive"),
    "engineering_director": ("engineering director", "manager"),
    "engineering_manager": ("engineering manager", "manager"),
    "data_engineering_lead": ("data engineering lead", "manager"),
    "design_lead": ("design lead", "manager"), "sales_manager": ("sales manager", "manager"),
    "staff_engineer": ("staff engineer", "software_engineer"),
    "senior_software_engineer": ("senior software engineer", "software_engineer"),
    "software_engineer": ("software engineer", "engineer"),
    "site_reliability_engineer": ("site reliability engineer", "engineer"),
    "security_engineer": ("security engineer", "engineer"),
    "data_engineer": ("data engineer", "engineer"),
    "data_scientist": ("data scientist", None), "product_designer": ("product designer", None),
    "account_executive": ("account executive", None),
}
for rid, (name, parent) in ROLES.items():
    kb.label(rid, name)
    if parent:
        kb.add(rid, "is-a", parent)
kb.alias("chief_executive_officer", "CEO")
kb.alias("chief_technology_officer", "CTO")
kb.alias("chief_financial_officer", "CFO")
kb.alias("site_reliability_engineer", "SRE")

SERVICES = [  # id, name, owner, kind, languages, depends_on
    ("billing", "Billing", "priya", "backend_service", ["go"], ["ledger", "notifications"]),
    ("ledger", "Ledger", "priya", "backend_service", ["java"], ["postgres_cluster"]),
    ("fraud_detection", "Fraud Detection", "kenji", "backend_service", ["python"], ["data_warehouse", "billing"]),
    ("checkout", "Checkout", "omar", "backend_service", ["typescript"], ["billing", "cart_service", "auth_service"]),
    ("cart_service", "Cart Service", "omar", "backend_service", ["typescript"], ["postgres_cluster"]),
    ("web_app", "Web App", "omar", "frontend_app", ["typescript"], ["api_gateway"]),
    ("api_gateway", "API Gateway", "grace", "backend_service", ["rust"], ["auth_service"]),
    ("feature_flags", "Feature Flags", "grace", "backend_service", ["go"], []),
    ("notifications", "Notifications", "raj", "backend_service", ["kotlin"], ["feature_flags"]),
    ("postgres_cluster", "Postgres Cluster", "hannah", "datastore", [], []),
    ("auth_service", "Auth Service", "wei", "backend_service", ["go"], ["postgres_cluster"]),
    ("data_warehouse", "Data Warehouse", "chloe", "datastore", [], []),
    ("reporting_service", "Reporting Service", "chloe", "backend_service", ["python"], ["data_warehouse"]),
    ("mobile_app", "Mobile App", "ivan", "client_app", ["kotlin", "swift"], ["api_gateway"]),
]
for sid, name, owner, kind, langs, deps in SERVICES:
    kb.label(sid, name)
    kb.add(owner, "owns", sid)
    kb.add(sid, "is-a", kind)
    for lang in langs:
        kb.add(sid, "written_in", lang)
    for d in deps:
        kb.add(sid, "depends_on", d)
kb.label("backend_service", "backend service")
kb.label("frontend_app", "frontend app")
kb.label("client_app", "client app")
for kind in ["backend_service", "datastore"]:
    kb.add(kind, "is-a", "service")
kb.add("frontend_app", "is-a", "client_app")
kb.add("client_app", "is-a", "application")
kb.add("service", "is-a", "software_component")
kb.add("application", "is-a", "software_component")
kb.label("software_component", "software component")
for sid, port in [("billing", 8081), ("checkout", 8090), ("auth_service", 8443)]:
    kb.add(sid, "port", port)
for sid, slo in [("billing", 0.999), ("checkout", 0.9995), ("api_gateway", 0.9999), ("auth_service", 0.9995)]:
    kb.add(sid, "availability_target", slo)
kb.add("postgres_cluster", "runs_on", "postgresql")
kb.label("postgresql", "PostgreSQL")
kb.add("data_warehouse", "runs_on", "snowflake")
kb.label("snowflake", "Snowflake")
for lid, name in [("go", "Go"), ("java", "Java"), ("python", "Python"), ("typescript", "TypeScript"),
                  ("rust", "Rust"), ("kotlin", "Kotlin"), ("swift", "Swift")]:
    kb.label(lid, name)
    kb.add(lid, "is-a", "programming_language")
kb.label("programming_language", "programming language")
kb.alias("go", "Golang")

# the web app's page structure (has-a is transitive)
for whole, part in [("web_app", "checkout_page"), ("checkout_page", "payment_form"), ("payment_form", "card_input"),
                    ("web_app", "account_page"), ("account_page", "password_form")]:
    kb.add(whole, "has-a", part)
for cid, name in [("checkout_page", "checkout page"), ("payment_form", "payment form"), ("card_input", "card input"),
                  ("account_page", "account page"), ("password_form", "password form")]:
    kb.label(cid, name)
    kb.add(cid, "is-a", "ui_component")
kb.label("ui_component", "UI component")

out = os.path.join(os.path.dirname(__file__), "..", "kb", "org.csv")
print("org.csv:", kb.write(out), "facts")

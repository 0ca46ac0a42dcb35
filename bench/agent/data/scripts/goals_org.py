"""Writes goals/org.jsonl, checking every label against kb/org.csv first."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
from reference import KB, g, run, yes, rule_yes, func_no, unknown, none, hop  # noqa: F401

K = KB(os.path.join(DATA, "kb", "org.csv"))
F = "org.csv"
n = iter(range(1, 1000))


def i():
    return f"org-{next(n):03d}"




# ---------------------------------------------------------------- lookup
g(i(), F, "lookup", "Who does Carol report to?", ["marcus"], "carol reports_to marcus", check=hop("carol", ("reports_to", "o")))
g(i(), F, "lookup", "Which team is Tom on?", ["payments_team"], "tom member_of payments_team",
  check=hop("tom", ("member_of", "o")))
g(i(), F, "lookup", "What is Priya's role?", ["engineering_manager"], "priya role engineering_manager",
  check=hop("priya", ("role", "o")))
g(i(), F, "lookup", "Which office is Dmitri based in?", ["berlin_office"], "dmitri located_in berlin_office",
  check=hop("dmitri", ("located_in", "o")))
g(i(), F, "lookup", "List the people who report to Priya.", ["tom", "aisha", "kenji"],
  "tom, aisha, kenji reports_to priya", check=hop("priya", ("reports_to", "s")))
g(i(), F, "lookup", "Who owns billing?", ["priya"], "priya owns billing", criteria="Priya",
  check=hop("billing", ("owns", "s")))
g(i(), F, "lookup", "What language is the API gateway written in?", ["rust"], "api_gateway written_in rust",
  check=hop("api_gateway", ("written_in", "o")))
g(i(), F, "lookup", "Which services does checkout depend on?", ["billing", "cart_service", "auth_service"],
  "checkout depends_on billing, cart_service, auth_service", check=hop("checkout", ("depends_on", "o")))
g(i(), F, "lookup", "Who owns the auth service?", ["wei"], "wei owns auth_service",
  check=hop("auth_service", ("owns", "s")))
g(i(), F, "lookup", "Find the services Omar owns.", ["checkout", "cart_service", "web_app"],
  "omar owns checkout, cart_service, web_app", criteria="checkout, cart service, web app",
  check=hop("omar", ("owns", "o")))
g(i(), F, "lookup", "What languages is the mobile app written in?", ["kotlin", "swift"],
  "mobile_app written_in kotlin, swift", check=hop("mobile_app", ("written_in", "o")))
g(i(), F, "lookup", "Who reports to Chloe?", ["arjun", "mei"], "arjun, mei reports_to chloe",
  check=hop("chloe", ("reports_to", "s")))
g(i(), F, "lookup", "Which teams is Kenji a member of?", ["payments_team", "security_team"],
  "kenji member_of payments_team, security_team", check=hop("kenji", ("member_of", "o")))
g(i(), F, "lookup", "Which department is the data team part of?", ["engineering"], "data_team part-of engineering",
  check=lambda K: K.o("data_team", "part-of", derived=False))
g(i(), F, "lookup", "Which city is the New York office in?", ["new_york_city"],
  "new_york_office located_in new_york_city", check=hop("new_york_office", ("located_in", "o")))
g(i(), F, "lookup", "Who has the role of Chief Technology Officer?", ["marcus"], "marcus role chief_technology_officer",
  check=hop("chief_technology_officer", ("role", "s")))
g(i(), F, "lookup", "What does the fraud detection service depend on?", ["data_warehouse", "billing"],
  "fraud_detection depends_on data_warehouse, billing", check=hop("fraud_detection", ("depends_on", "o")))
g(i(), F, "lookup", "Which services are written in Go?", ["billing", "feature_flags", "auth_service"],
  "billing, feature_flags, auth_service written_in go", check=hop("go", ("written_in", "s")))
g(i(), F, "lookup", "Who owns the notifications service?", ["raj"], "raj owns notifications",
  check=hop("notifications", ("owns", "s")))
g(i(), F, "lookup", "What does the data warehouse run on?", ["snowflake"], "data_warehouse runs_on snowflake",
  check=hop("data_warehouse", ("runs_on", "o")))
g(i(), F, "lookup", "Which office does Mei work from?", ["new_york_office"], "mei located_in new_york_office",
  check=hop("mei", ("located_in", "o")))
g(i(), F, "lookup", "Which companies is Northwind Labs the parent of?", ["northwind_payments_ltd", "northwind_gmbh"],
  "northwind parent-of northwind_payments_ltd, northwind_gmbh", check=hop("northwind", ("parent-of", "o")))

# ---------------------------------------------------------------- path
g(i(), F, "path", "Who does Carol's manager report to?", ["helen"], "carol reports_to marcus; marcus reports_to helen",
  check=hop("carol", ("reports_to", "o"), ("reports_to", "o")))
g(i(), F, "path", "Who is Tom's manager's manager?", ["carol"], "tom reports_to priya; priya reports_to carol",
  check=hop("tom", ("reports_to", "o"), ("reports_to", "o")))
g(i(), F, "path", "Which office does the owner of billing work in?", ["london_office"],
  "priya owns billing; priya located_in london_office", check=hop("billing", ("owns", "s"), ("located_in", "o")))
g(i(), F, "path", "What language is the service Wei owns written in?", ["go"],
  "wei owns auth_service; auth_service written_in go", check=hop("wei", ("owns", "o"), ("written_in", "o")))
g(i(), F, "path", "Which country does Tom work in?", ["germany"],
  "tom located_in berlin_office; berlin_office located_in berlin; berlin located_in germany",
  check=hop("tom", ("located_in", "o"), ("located_in", "o"), ("located_in", "o")))
g(i(), F, "path", "Who owns the services that checkout depends on?", ["priya", "omar", "wei"],
  "checkout depends_on billing (priya), cart_service (omar), auth_service (wei)",
  check=hop("checkout", ("depends_on", "o"), ("owns", "s")))
g(i(), F, "path", "What role does the owner of the API gateway have?", ["engineering_manager"],
  "grace owns api_gateway; grace role engineering_manager", check=hop("api_gateway", ("owns", "s"), ("role", "o")))
g(i(), F, "path", "Which team is the owner of the notifications service on?", ["platform_team"],
  "raj owns notifications; raj member_of platform_team", check=hop("notifications", ("owns", "s"), ("member_of", "o")))
g(i(), F, "path", "Who manages the person who owns fraud detection?", ["priya"],
  "kenji owns fraud_detection; kenji reports_to priya", check=hop("fraud_detection", ("owns", "s"), ("reports_to", "o")))
g(i(), F, "path", "In which city does Zoë's manager work?", ["berlin"],
  "zoe reports_to ivan; ivan located_in berlin_office; berlin_office located_in berlin",
  check=hop("zoe", ("reports_to", "o"), ("located_in", "o"), ("located_in", "o")))
g(i(), F, "path", "What language is the service that the web app depends on written in?", ["rust"],
  "web_app depends_on api_gateway; api_gateway written_in rust",
  check=hop("web_app", ("depends_on", "o"), ("written_in", "o")))

# ---------------------------------------------------------------- rule
g(i(), F, "rule", "Is the payments team part of Engineering?", ["yes"],
  "payments_team part-of commerce_group; commerce_group part-of engineering (part-of transitivity)",
  check=rule_yes("payments_team", "part-of", "engineering"))
g(i(), F, "rule", "Which department is the mobile team in?", ["engineering"],
  "engineering contains mobile_team => mobile_team part-of engineering (contains/part-of inverse)",
  check=lambda K: {x for x in K.o("mobile_team", "part-of") if K.has(x, "is-a", "department")}
  if not K.o("mobile_team", "part-of", derived=False) else {"?"})
g(i(), F, "rule", "Is the design team part of Northwind Labs?", ["yes"],
  "product contains design_team => design_team part-of product; product part-of northwind",
  check=rule_yes("design_team", "part-of", "northwind"))
g(i(), F, "rule", "Is a staff engineer an engineer?", ["yes"],
  "staff_engineer is-a software_engineer; software_engineer is-a engineer", check=rule_yes("staff_engineer", "is-a", "engineer"))
g(i(), F, "rule", "Does the web app have a card input?", ["yes"],
  "web_app has-a checkout_page has-a payment_form has-a card_input (has-a transitivity)",
  check=rule_yes("web_app", "has-a", "card_input"))
g(i(), F, "rule", "Which company is Northwind GmbH a child of?", ["northwind"],
  "northwind parent-of northwind_gmbh => northwind_gmbh child-of northwind (inverse)",
  check=lambda K: K.o("northwind_gmbh", "child-of") if not K.o("northwind_gmbh", "child-of", derived=False) else {"?"})
g(i(), F, "rule", "Is the security team part of Northwind Labs?", ["yes"],
  "security_team part-of infrastructure_group part-of engineering part-of northwind",
  check=rule_yes("security_team", "part-of", "northwind"))
g(i(), F, "rule", "Is billing a software component?", ["yes"],
  "billing is-a backend_service is-a service is-a software_component", check=rule_yes("billing", "is-a", "software_component"))
g(i(), F, "rule", "Which department does the checkout team belong to?", ["engineering"],
  "checkout_team part-of commerce_group; commerce_group part-of engineering (engineering is-a department)",
  check=lambda K: {x for x in K.o("checkout_team", "part-of") if K.has(x, "is-a", "department")}
  if not any(K.has(x, "is-a", "department") for x in K.o("checkout_team", "part-of", derived=False)) else {"?"})
g(i(), F, "rule", "Is the mobile app an application?", ["yes"], "mobile_app is-a client_app; client_app is-a application",
  check=rule_yes("mobile_app", "is-a", "application"))
g(i(), F, "rule", "List every UI component the web app has, directly or indirectly.",
  ["checkout_page", "payment_form", "card_input", "account_page", "password_form"],
  "web_app has-a checkout_page, account_page; checkout_page has-a payment_form has-a card_input; "
  "account_page has-a password_form (has-a transitivity)", check=hop("web_app", ("has-a", "o")))

# ---------------------------------------------------------------- unanswerable
g(i(), F, "unanswerable", "Who does Helen report to?", [], "helen is the CEO: no reports_to fact", complete=False,
  check=none("helen", "reports_to"))
g(i(), F, "unanswerable", "Who is on the product management team?", [],
  "product_management_team exists (part-of product) but nobody is member_of it", complete=False,
  check=hop("product_management_team", ("member_of", "s")))
g(i(), F, "unanswerable", "What is Priya's salary?", [], "no salary facts", complete=False,
  check=lambda K: {o for s, p, o in K.base if "salary" in p})
g(i(), F, "unanswerable", "When did Grace join the company?", [], "grace has no joined_in fact", complete=False,
  check=none("grace", "joined_in"))
g(i(), F, "unanswerable", "What port does the ledger listen on?", [], "ledger has no port fact", complete=False,
  check=none("ledger", "port"))
g(i(), F, "unanswerable", "What language is the Postgres cluster written in?", [],
  "postgres_cluster runs_on postgresql but has no written_in", complete=False, check=none("postgres_cluster", "written_in"))
g(i(), F, "unanswerable", "Which office is the Finance department based in?", [],
  "finance has no located_in", complete=False, check=none("finance", "located_in"))
g(i(), F, "unanswerable", "When was Northwind GmbH founded?", [],
  "only northwind founded_in 2012; northwind_gmbh has none", complete=False, check=none("northwind_gmbh", "founded_in"))

# ---------------------------------------------------------------- decoy
g(i(), F, "decoy", "Who does Carol report to?", ["marcus"], "carol reports_to marcus; Priya reports to Carol",
  criteria="Priya", complete=False, check=hop("carol", ("reports_to", "o")))
g(i(), F, "decoy", "Which team is Priya on?", ["payments_team"], "priya member_of payments_team",
  criteria="platform team", complete=False, check=hop("priya", ("member_of", "o")))
g(i(), F, "decoy", "What is the API gateway written in?", ["rust"], "api_gateway written_in rust", criteria="Go",
  complete=False, check=hop("api_gateway", ("written_in", "o")))
g(i(), F, "decoy", "When did Aisha join?", ["2021"], "aisha joined_in 2021", criteria="2012", complete=False,
  check=hop("aisha", ("joined_in", "o")))
g(i(), F, "decoy", "Who owns billing?", ["priya"], "priya owns billing; Omar owns checkout", criteria="Omar",
  complete=False, check=hop("billing", ("owns", "s")))
g(i(), F, "decoy", "Which services depend on the auth service?", ["checkout", "api_gateway"],
  "checkout, api_gateway depends_on auth_service; billing does not", criteria="checkout, billing", complete=False,
  check=hop("auth_service", ("depends_on", "s")))
g(i(), F, "decoy", "Which office is Sofia in?", ["lisbon_office"], "sofia located_in lisbon_office",
  criteria="London office", complete=False, check=hop("sofia", ("located_in", "o")))
g(i(), F, "decoy", "What is the availability target of the API gateway?", ["0.9999"],
  "api_gateway availability_target 0.9999 (billing's is 0.999)", criteria="0.999", complete=False,
  check=hop("api_gateway", ("availability_target", "o")))
g(i(), F, "decoy", "Who reports to Wei?", ["olga"], "olga reports_to wei; hannah reports_to grace",
  criteria="Olga, Hannah", complete=False, check=hop("wei", ("reports_to", "s")))
g(i(), F, "decoy", "What port does billing listen on?", ["8081"], "billing port 8081", criteria="8080",
  complete=False, check=hop("billing", ("port", "o")))

# ---------------------------------------------------------------- yes/no
g(i(), F, "yesno", "Does Tom report to Priya?", ["yes"], "tom reports_to priya", check=yes("tom", "reports_to", "priya"))
g(i(), F, "yesno", "Does Tom report to Omar?", ["no"], "tom reports_to priya; reports_to is functional",
  check=func_no("tom", "reports_to", "omar"))
g(i(), F, "yesno", "Is Olga based in the Berlin office?", ["yes"], "olga located_in berlin_office",
  check=yes("olga", "located_in", "berlin_office"))
g(i(), F, "yesno", "Is Ben based in the Berlin office?", ["no"], "ben located_in london_office; located_in is functional",
  check=func_no("ben", "located_in", "berlin_office"))
g(i(), F, "yesno", "Is Kenji on the security team?", ["yes"], "kenji member_of security_team",
  check=yes("kenji", "member_of", "security_team"))
g(i(), F, "yesno", "Is Aisha on the security team?", ["unknown"],
  "aisha member_of payments_team; member_of is not functional (Kenji is on two teams), so not provably no",
  complete=False, check=unknown("aisha", "member_of", "security_team"))
g(i(), F, "yesno", "Does checkout depend on billing?", ["yes"], "checkout depends_on billing",
  check=yes("checkout", "depends_on", "billing"))
g(i(), F, "yesno", "Does billing depend on checkout?", ["unknown"],
  "no billing depends_on checkout fact; depends_on is not functional", complete=False,
  check=unknown("billing", "depends_on", "checkout"))
g(i(), F, "yesno", "Is Grace an engineering manager?", ["yes"], "grace role engineering_manager",
  check=yes("grace", "role", "engineering_manager"))
g(i(), F, "yesno", "Is Raj a site reliability engineer?", ["no"],
  "raj role staff_engineer; role is functional (and staff_engineer is not a kind of site_reliability_engineer)",
  check=func_no("raj", "role", "site_reliability_engineer"))
g(i(), F, "yesno", "Did Omar join in 2015?", ["yes"], "omar joined_in 2015", check=yes("omar", "joined_in", "2015"))
g(i(), F, "yesno", "Does Marcus report to Helen?", ["yes"], "marcus reports_to helen",
  check=yes("marcus", "reports_to", "helen"))

# ---------------------------------------------------------------- number
g(i(), F, "number", "When did Helen join the company?", ["2012"], "helen joined_in 2012", check=hop("helen", ("joined_in", "o")))
g(i(), F, "number", "What year was Northwind Labs founded?", ["2012"], "northwind founded_in 2012",
  check=hop("northwind", ("founded_in", "o")))
g(i(), F, "number", "What port does the auth service listen on?", ["8443"], "auth_service port 8443",
  check=hop("auth_service", ("port", "o")))
g(i(), F, "number", "What is the availability target of checkout?", ["0.9995"], "checkout availability_target 0.9995",
  criteria="0.9995", check=hop("checkout", ("availability_target", "o")))
g(i(), F, "number", "In what year did Ben join?", ["2023"], "ben joined_in 2023", check=hop("ben", ("joined_in", "o")))

# ---------------------------------------------------------------- multiword
g(i(), F, "multiword", "Who does José Álvarez report to?", ["helen"], "jose_alvarez reports_to helen (label José Álvarez)",
  check=hop("jose_alvarez", ("reports_to", "o")))
g(i(), F, "multiword", "Who reports to Siobhán O'Brien?", ["daniel"], "daniel reports_to siobhan_obrien",
  check=hop("siobhan_obrien", ("reports_to", "s")))
g(i(), F, "multiword", "Which team is Priya on?", ["payments_team"], "priya member_of payments_team (label Payments Team)",
  check=hop("priya", ("member_of", "o")))
g(i(), F, "multiword", "Where is Anne-Marie Dubois based?", ["london_office"], "anne_marie located_in london_office",
  check=hop("anne_marie", ("located_in", "o")))
g(i(), F, "multiword", "What is Zoë's role?", ["senior_software_engineer"], "zoe role senior_software_engineer (label Zoë Adams)",
  check=hop("zoe", ("role", "o")))
g(i(), F, "multiword", "Who does Elif Yılmaz report to?", ["nadia"], "elif reports_to nadia (label Elif Yılmaz)",
  check=hop("elif", ("reports_to", "o")))
g(i(), F, "multiword", "Which services does the API Gateway depend on?", ["auth_service"],
  "api_gateway depends_on auth_service", criteria="Auth Service", check=hop("api_gateway", ("depends_on", "o")))

# ---------------------------------------------------------------- paraphrase
g(i(), F, "paraphrase", "Who is Carol's boss?", ["marcus"], "carol reports_to marcus", check=hop("carol", ("reports_to", "o")))
g(i(), F, "paraphrase", "Who is in charge of the billing service?", ["priya"], "priya owns billing",
  check=hop("billing", ("owns", "s")))
g(i(), F, "paraphrase", "Who are Grace's direct reports?", ["raj", "hannah"], "raj, hannah reports_to grace",
  check=hop("grace", ("reports_to", "s")))
g(i(), F, "paraphrase", "Where does Hannah work?", ["berlin_office"], "hannah located_in berlin_office",
  check=hop("hannah", ("located_in", "o")))
g(i(), F, "paraphrase", "What programming language is the ledger built with?", ["java"], "ledger written_in java",
  check=hop("ledger", ("written_in", "o")))
g(i(), F, "paraphrase", "What does the web app rely on?", ["api_gateway"], "web_app depends_on api_gateway",
  check=hop("web_app", ("depends_on", "o")))
g(i(), F, "paraphrase", "What's Dmitri's job title?", ["engineering_director"], "dmitri role engineering_director",
  check=hop("dmitri", ("role", "o")))

run(K, os.path.join(DATA, "goals", "org.jsonl"))

"""Writes goals/geography.jsonl, checking every label against kb/geography.csv first."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
from reference import KB, g, run, yes, rule_yes, func_no, unknown, none, hop  # noqa: F401

K = KB(os.path.join(DATA, "kb", "geography.csv"))
F = "geography.csv"
n = iter(range(1, 1000))


def i():
    return f"geo-{next(n):03d}"


# ---------------------------------------------------------------- lookup
g(i(), F, "lookup", "What is the capital of South Sudan?", ["juba"], "juba capital_of south_sudan",
  check=lambda K: K.s("capital_of", "south_sudan"))
g(i(), F, "lookup", "Which continent is Kenya in?", ["africa"], "kenya located_in africa",
  check=lambda K: K.o("kenya", "located_in"))
g(i(), F, "lookup", "What currency does Japan use?", ["japanese_yen"], "japan currency japanese_yen",
  check=lambda K: K.o("japan", "currency"))
g(i(), F, "lookup", "What are the official languages of Switzerland?", ["german", "french", "italian", "romansh"],
  "switzerland official_language german, french, italian, romansh (4 facts)",
  check=lambda K: K.o("switzerland", "official_language"))
g(i(), F, "lookup", "Which countries border Uganda?",
  ["kenya", "tanzania", "south_sudan", "democratic_republic_of_the_congo"],
  "uganda borders kenya, tanzania, south_sudan, democratic_republic_of_the_congo (borders stored both ways)",
  check=lambda K: K.o("uganda", "borders"))
g(i(), F, "lookup", "Find the capital of Peru.", ["lima"], "lima capital_of peru", criteria="Lima",
  check=lambda K: K.s("capital_of", "peru"))
g(i(), F, "lookup", "Which countries does the Danube flow through?", ["germany", "austria", "croatia", "serbia"],
  "danube flows_through germany, austria, croatia, serbia",
  check=lambda K: K.o("danube", "flows_through"))
g(i(), F, "lookup", "What is the highest point of Nepal?", ["mount_everest"], "nepal highest_point mount_everest",
  check=lambda K: K.o("nepal", "highest_point"))
g(i(), F, "lookup", "Which river flows into the Mediterranean Sea?", ["nile"], "nile flows_into mediterranean_sea",
  check=lambda K: K.s("flows_into", "mediterranean_sea"))
g(i(), F, "lookup", "List the countries that Lake Victoria lies in.", ["uganda", "kenya", "tanzania"],
  "lake_victoria located_in uganda, kenya, tanzania", check=lambda K: K.o("lake_victoria", "located_in"))
g(i(), F, "lookup", "Who made the first ascent of the Matterhorn?", ["edward_whymper"],
  "matterhorn first_climbed_by edward_whymper", check=lambda K: K.o("matterhorn", "first_climbed_by"))
g(i(), F, "lookup", "Which country did Brazil gain independence from?", ["portugal"], "brazil independent_from portugal",
  check=lambda K: K.o("brazil", "independent_from"))
g(i(), F, "lookup", "Which international organization is France a member of?", ["european_union"],
  "france member_of european_union", check=lambda K: K.o("france", "member_of"))
g(i(), F, "lookup", "What is the capital of Canada?", ["ottawa"], "ottawa capital_of canada", criteria="Ottawa",
  check=lambda K: K.s("capital_of", "canada"))
g(i(), F, "lookup", "Which mountain range is Aconcagua part of?", ["andes"], "aconcagua part-of andes",
  check=lambda K: K.o("aconcagua", "part-of"))
g(i(), F, "lookup", "What currency is used in Germany?", ["euro"], "germany currency euro", criteria="euro",
  check=lambda K: K.o("germany", "currency"))
g(i(), F, "lookup", "List the countries that border Norway.", ["sweden", "russia"],
  "norway borders sweden, russia (Finland is not in this graph)", check=lambda K: K.o("norway", "borders"))
g(i(), F, "lookup", "Canberra is the capital of which country?", ["australia"], "canberra capital_of australia",
  check=lambda K: K.o("canberra", "capital_of"))
g(i(), F, "lookup", "Into which sea does the Thames flow?", ["north_sea"], "thames flows_into north_sea",
  check=lambda K: K.o("thames", "flows_into"))
g(i(), F, "lookup", "What is the official language of Brazil?", ["portuguese"], "brazil official_language portuguese",
  criteria="Portuguese", check=lambda K: K.o("brazil", "official_language"))
g(i(), F, "lookup", "Which countries is Mount Everest located in?", ["nepal", "china"],
  "mount_everest located_in nepal, china", check=lambda K: K.o("mount_everest", "located_in"))

# ---------------------------------------------------------------- path
g(i(), F, "path", "Which continent is the city of Juba in?", ["africa"],
  "juba capital_of south_sudan; south_sudan located_in africa",
  check=lambda K: {c for x in K.o("juba", "capital_of") for c in K.o(x, "located_in")})
g(i(), F, "path", "What currency is used in the country whose capital is Nairobi?", ["kenyan_shilling"],
  "nairobi capital_of kenya; kenya currency kenyan_shilling",
  check=lambda K: {c for x in K.o("nairobi", "capital_of") for c in K.o(x, "currency")})
g(i(), F, "path", "What is the official language of the country whose capital is Brasília?", ["portuguese"],
  "brasilia capital_of brazil; brazil official_language portuguese",
  check=lambda K: {c for x in K.o("brasilia", "capital_of") for c in K.o(x, "official_language")})
g(i(), F, "path", "Which countries border the country whose capital is Kathmandu?", ["india", "china"],
  "kathmandu capital_of nepal; nepal borders india, china",
  check=lambda K: {c for x in K.o("kathmandu", "capital_of") for c in K.o(x, "borders")})
g(i(), F, "path", "What is the capital of the country that South Sudan became independent from?", ["khartoum"],
  "south_sudan independent_from sudan; khartoum capital_of sudan",
  check=lambda K: {c for x in K.o("south_sudan", "independent_from") for c in K.s("capital_of", x)})
g(i(), F, "path", "On which continent is Mount Kilimanjaro?", ["africa"],
  "kilimanjaro located_in tanzania; tanzania located_in africa",
  check=lambda K: {c for x in K.o("kilimanjaro", "located_in") for c in K.o(x, "located_in")})
g(i(), F, "path", "What nationality was the first person to climb the Matterhorn?", ["united_kingdom"],
  "matterhorn first_climbed_by edward_whymper; edward_whymper nationality united_kingdom",
  check=lambda K: {c for x in K.o("matterhorn", "first_climbed_by") for c in K.o(x, "nationality")})
g(i(), F, "path", "Which ocean does the Niger River ultimately drain into?", ["atlantic_ocean"],
  "niger_river flows_into gulf_of_guinea; gulf_of_guinea part-of atlantic_ocean",
  check=lambda K: {c for x in K.o("niger_river", "flows_into") for c in K.o(x, "part-of", derived=False)})
g(i(), F, "path", "What currency is used in the country where Lake Baikal is?", ["russian_ruble"],
  "lake_baikal located_in russia; russia currency russian_ruble",
  check=lambda K: {c for x in K.o("lake_baikal", "located_in") for c in K.o(x, "currency")})
g(i(), F, "path", "What is the capital of the country whose highest point is Aconcagua?", ["buenos_aires"],
  "argentina highest_point aconcagua; buenos_aires capital_of argentina",
  check=lambda K: {c for x in K.s("highest_point", "aconcagua") for c in K.s("capital_of", x)})
g(i(), F, "path", "Which languages are official in the country where the Volga flows?", ["russian"],
  "volga flows_through russia; russia official_language russian",
  check=lambda K: {c for x in K.o("volga", "flows_through") for c in K.o(x, "official_language")})

# ---------------------------------------------------------------- rule
g(i(), F, "rule", "Is Juba a city?", ["yes"], "juba is-a capital_city; capital_city is-a city (is-a transitivity)",
  check=rule_yes("juba", "is-a", "city"))
g(i(), F, "rule", "Which country is Cardiff in?", ["united_kingdom"],
  "cardiff part-of wales; united_kingdom contains wales => wales part-of united_kingdom (contains/part-of inverse) "
  "=> cardiff part-of united_kingdom (part-of transitivity)",
  check=lambda K: {x for x in K.o("cardiff", "part-of") if K.has(x, "is-a", "country")} if not K.has("cardiff", "part-of", "united_kingdom", False) else {"?"})
g(i(), F, "rule", "Is Munich part of Germany?", ["yes"], "munich part-of bavaria; bavaria part-of germany",
  check=rule_yes("munich", "part-of", "germany"))
g(i(), F, "rule", "Is Portuguese an Indo-European language?", ["yes"],
  "portuguese is-a romance_language; romance_language is-a indo_european_language",
  check=rule_yes("portuguese", "is-a", "indo_european_language"))
g(i(), F, "rule", "Find out whether Mount Everest is part of the Himalayas.", ["yes"],
  "mount_everest part-of mahalangur_himal; mahalangur_himal part-of himalayas",
  check=rule_yes("mount_everest", "part-of", "himalayas"))
g(i(), F, "rule", "Is Nepal a country?", ["yes"], "nepal is-a landlocked_country; landlocked_country is-a country",
  check=rule_yes("nepal", "is-a", "country"))
g(i(), F, "rule", "Is Swedish similar to Norwegian?", ["yes"],
  "norwegian similar-to swedish (stored one way; similar-to is symmetric)",
  check=rule_yes("swedish", "similar-to", "norwegian"))
g(i(), F, "rule", "Is Mont Blanc in the Alps?", ["yes"],
  "mont_blanc part-of mont_blanc_massif part-of graian_alps part-of alps (part-of transitivity)",
  check=rule_yes("mont_blanc", "part-of", "alps"))
g(i(), F, "rule", "Which country does Hobart belong to?", ["australia"],
  "hobart part-of tasmania; tasmania part-of australia",
  check=lambda K: {x for x in K.o("hobart", "part-of") if K.has(x, "is-a", "country")})
g(i(), F, "rule", "Is Swahili a Niger-Congo language?", ["yes"],
  "swahili is-a bantu_language; bantu_language is-a niger_congo_language",
  check=rule_yes("swahili", "is-a", "niger_congo_language"))
g(i(), F, "rule", "Is Mount Kilimanjaro a mountain?", ["yes"],
  "kilimanjaro is-a stratovolcano is-a volcano is-a mountain", criteria="mountain",
  check=rule_yes("kilimanjaro", "is-a", "mountain"))

# ---------------------------------------------------------------- unanswerable
g(i(), F, "unanswerable", "What is the population of Juba?", [], "juba has no population_millions fact",
  complete=False, check=none("juba", "population_millions"))
g(i(), F, "unanswerable", "Which countries border Nigeria?", [],
  "no borders fact mentions nigeria (its neighbours are not in the graph)", complete=False,
  check=lambda K: set() if not (K.o("nigeria", "borders") or K.s("borders", "nigeria")) else {"?"})
g(i(), F, "unanswerable", "When did Kenya join the African Union?", [],
  "kenya member_of african_union has no date", complete=False, check=none("kenya", "joined_in"))
g(i(), F, "unanswerable", "What is the area of Ghana in square kilometres?", [],
  "ghana has population_millions but no area_km2", complete=False, check=none("ghana", "area_km2"))
g(i(), F, "unanswerable", "Who first climbed Mount Kilimanjaro?", [],
  "kilimanjaro has height and class facts but no first_climbed_by", complete=False,
  check=none("kilimanjaro", "first_climbed_by"))
g(i(), F, "unanswerable", "How deep is Lake Victoria?", [], "lake_victoria has area_km2 but no depth_m",
  complete=False, check=none("lake_victoria", "depth_m"))
g(i(), F, "unanswerable", "What is the capital of Tasmania?", [],
  "hobart part-of tasmania, but capital_of is only recorded for countries; nothing is capital_of tasmania",
  complete=False, check=lambda K: set(K.s("capital_of", "tasmania")))
g(i(), F, "unanswerable", "What is the national anthem of Ghana?", [], "no anthem facts in the graph",
  complete=False, check=lambda K: {o for s, p, o in K.base if s == "ghana" and "anthem" in p})
g(i(), F, "unanswerable", "How long is the border between Kenya and Tanzania?", [],
  "kenya borders tanzania, but no border lengths are recorded", complete=False,
  check=lambda K: {o for s, p, o in K.base if "border_length" in p})

# ---------------------------------------------------------------- decoy (answers: the true answer)
g(i(), F, "decoy", "What is the capital of South Sudan?", ["juba"],
  "juba capital_of south_sudan; Khartoum is the capital of Sudan", criteria="Khartoum", complete=False,
  check=lambda K: K.s("capital_of", "south_sudan"))
g(i(), F, "decoy", "Which countries border Kenya?", ["ethiopia", "south_sudan", "tanzania", "uganda"],
  "kenya borders ethiopia, south_sudan, tanzania, uganda; not nigeria", criteria="Nigeria", complete=False,
  check=lambda K: K.o("kenya", "borders"))
g(i(), F, "decoy", "What currency does Switzerland use?", ["swiss_franc"],
  "switzerland currency swiss_franc (functional); not the euro", criteria="euro", complete=False,
  check=lambda K: K.o("switzerland", "currency"))
g(i(), F, "decoy", "What is the population of Egypt in millions?", ["112.7"],
  "egypt population_millions 112.7, criteria has digits swapped", criteria="121.7", complete=False,
  check=lambda K: K.o("egypt", "population_millions"))
g(i(), F, "decoy", "Which river flows through Egypt?", ["nile"], "nile flows_through egypt; the Amazon does not",
  criteria="Amazon River", complete=False, check=lambda K: K.s("flows_through", "egypt"))
g(i(), F, "decoy", "How high is Mount Everest in metres?", ["8849"], "mount_everest height_m 8849",
  criteria="8489", complete=False, check=lambda K: K.o("mount_everest", "height_m"))
g(i(), F, "decoy", "Which continent is Peru in?", ["south_america"], "peru located_in south_america",
  criteria="North America", complete=False, check=lambda K: K.o("peru", "located_in"))
g(i(), F, "decoy", "Who first climbed Mount Everest?", ["edmund_hillary", "tenzing_norgay"],
  "mount_everest first_climbed_by edmund_hillary, tenzing_norgay; Whymper climbed the Matterhorn",
  criteria="Edward Whymper", complete=False, check=lambda K: K.o("mount_everest", "first_climbed_by"))
g(i(), F, "decoy", "What is the capital of Australia?", ["canberra"],
  "canberra capital_of australia; sydney is only part-of new_south_wales", criteria="Sydney", complete=False,
  check=lambda K: K.s("capital_of", "australia"))
g(i(), F, "decoy", "In what year did South Sudan become independent?", ["2011"],
  "south_sudan independence_year 2011", criteria="2001", complete=False,
  check=lambda K: K.o("south_sudan", "independence_year"))
g(i(), F, "decoy", "Which countries does the Rhine flow through?",
  ["switzerland", "austria", "germany", "france", "netherlands"],
  "rhine flows_through switzerland, austria, germany, france, netherlands; Belgium is not one of them",
  criteria="Switzerland, Germany, France, Netherlands, Belgium", complete=False,
  check=lambda K: K.o("rhine", "flows_through"))

# ---------------------------------------------------------------- yes/no
g(i(), F, "yesno", "Is Nairobi the capital of Uganda?", ["no"],
  "nairobi capital_of kenya and capital_of is functional => provably no", check=func_no("nairobi", "capital_of", "uganda"))
g(i(), F, "yesno", "Is Kampala the capital of Uganda?", ["yes"], "kampala capital_of uganda",
  check=yes("kampala", "capital_of", "uganda"))
g(i(), F, "yesno", "Does Japan use the euro?", ["no"], "japan currency japanese_yen; currency is functional",
  check=func_no("japan", "currency", "euro"))
g(i(), F, "yesno", "Does Spain use the euro?", ["yes"], "spain currency euro", check=yes("spain", "currency", "euro"))
g(i(), F, "yesno", "Does Kenya border Tanzania?", ["yes"], "kenya borders tanzania",
  check=yes("kenya", "borders", "tanzania"))
g(i(), F, "yesno", "Does Kenya border Nigeria?", ["unknown"],
  "no kenya borders nigeria fact and borders is not functional: the graph cannot prove no", complete=False,
  check=unknown("kenya", "borders", "nigeria"))
g(i(), F, "yesno", "Is English an official language of Kenya?", ["yes"], "kenya official_language english",
  check=yes("kenya", "official_language", "english"))
g(i(), F, "yesno", "Is Sydney the capital of Australia?", ["unknown"],
  "sydney has no capital_of fact (canberra capital_of australia, but capital_of is functional on the city, "
  "not declared inverse-functional): not provable either way", complete=False,
  check=unknown("sydney", "capital_of", "australia"))
g(i(), F, "yesno", "Is Mount Everest 8849 metres high?", ["yes"], "mount_everest height_m 8849",
  check=yes("mount_everest", "height_m", "8849"))
g(i(), F, "yesno", "Is the Nile 5000 km long?", ["no"], "nile length_km 6650; length_km is functional",
  check=func_no("nile", "length_km", "5000"))
g(i(), F, "yesno", "Did Ghana become independent in 1957?", ["yes"], "ghana independence_year 1957",
  check=yes("ghana", "independence_year", "1957"))
g(i(), F, "yesno", "Is French an official language of Ghana?", ["unknown"],
  "ghana official_language english only; official_language is multi-valued, so not provably no", complete=False,
  check=unknown("ghana", "official_language", "french"))

# ---------------------------------------------------------------- number
g(i(), F, "number", "What is the population of Nigeria in millions?", ["223.8"], "nigeria population_millions 223.8",
  check=lambda K: K.o("nigeria", "population_millions"))
g(i(), F, "number", "How high is Mount Kilimanjaro?", ["5895"], "kilimanjaro height_m 5895",
  check=lambda K: K.o("kilimanjaro", "height_m"))
g(i(), F, "number", "How long is the Nile in kilometres?", ["6650"], "nile length_km 6650", criteria="6650",
  check=lambda K: K.o("nile", "length_km"))
g(i(), F, "number", "In what year did South Sudan gain independence?", ["2011"], "south_sudan independence_year 2011",
  check=lambda K: K.o("south_sudan", "independence_year"))
g(i(), F, "number", "What is the area of Iceland in square kilometres?", ["103000"], "iceland area_km2 103000",
  check=lambda K: K.o("iceland", "area_km2"))
g(i(), F, "number", "How deep is Lake Baikal?", ["1642"], "lake_baikal depth_m 1642",
  check=lambda K: K.o("lake_baikal", "depth_m"))

# ---------------------------------------------------------------- multiword
g(i(), F, "multiword", "What is the capital of Bosnia and Herzegovina?", ["sarajevo"],
  "sarajevo capital_of bosnia_and_herzegovina (label Bosnia and Herzegovina)",
  check=lambda K: K.s("capital_of", "bosnia_and_herzegovina"))
g(i(), F, "multiword", "Which currency does Côte d'Ivoire use?", ["west_african_cfa_franc"],
  "cote_d_ivoire currency west_african_cfa_franc (label Côte d'Ivoire)",
  check=lambda K: K.o("cote_d_ivoire", "currency"))
g(i(), F, "multiword", "What is the capital of Sri Lanka?", ["sri_jayawardenepura_kotte"],
  "sri_jayawardenepura_kotte capital_of sri_lanka", criteria="Sri Jayawardenepura Kotte",
  check=lambda K: K.s("capital_of", "sri_lanka"))
g(i(), F, "multiword", "Which continent is Papua New Guinea in?", ["oceania"], "papua_new_guinea located_in oceania",
  check=lambda K: K.o("papua_new_guinea", "located_in"))
g(i(), F, "multiword", "What is the capital of the Ivory Coast?", ["yamoussoukro"],
  "cote_d_ivoire alias Ivory Coast; yamoussoukro capital_of cote_d_ivoire",
  check=lambda K: K.s("capital_of", "cote_d_ivoire") if K.has("cote_d_ivoire", "alias", "Ivory Coast") else {"?"})
g(i(), F, "multiword", "Which countries border the Central African Republic?",
  ["south_sudan", "sudan", "democratic_republic_of_the_congo"],
  "central_african_republic borders south_sudan, sudan, democratic_republic_of_the_congo",
  check=lambda K: K.o("central_african_republic", "borders"))
g(i(), F, "multiword", "Washington, D.C. is the capital of which country?", ["united_states"],
  "washington_dc capital_of united_states (label contains a comma)",
  check=lambda K: K.o("washington_dc", "capital_of"))
g(i(), F, "multiword", "Which currency is used in Costa Rica?", ["costa_rican_colon"],
  "costa_rica currency costa_rican_colon (label Costa Rican colón)", criteria="Costa Rican colón",
  check=lambda K: K.o("costa_rica", "currency"))

# ---------------------------------------------------------------- paraphrase
g(i(), F, "paraphrase", "Where is Juba?", ["south_sudan"], "juba capital_of south_sudan (no located_in for juba)",
  check=lambda K: K.o("juba", "capital_of"))
g(i(), F, "paraphrase", "What money do people pay with in Mexico?", ["mexican_peso"], "mexico currency mexican_peso",
  check=lambda K: K.o("mexico", "currency"))
g(i(), F, "paraphrase", "Who are Ethiopia's neighbours?", ["south_sudan", "sudan", "kenya"],
  "ethiopia borders south_sudan, sudan, kenya", check=lambda K: K.o("ethiopia", "borders"))
g(i(), F, "paraphrase", "What do people officially speak in Iceland?", ["icelandic"],
  "iceland official_language icelandic", check=lambda K: K.o("iceland", "official_language"))
g(i(), F, "paraphrase", "How many people live in Germany, in millions?", ["84.5"], "germany population_millions 84.5",
  check=lambda K: K.o("germany", "population_millions"))
g(i(), F, "paraphrase", "What is the tallest mountain in Japan?", ["mount_fuji"], "japan highest_point mount_fuji",
  check=lambda K: K.o("japan", "highest_point"))
g(i(), F, "paraphrase", "Which city is the seat of Egypt's government?", ["cairo"], "cairo capital_of egypt",
  check=lambda K: K.s("capital_of", "egypt"))

run(K, os.path.join(DATA, "goals", "geography.jsonl"))

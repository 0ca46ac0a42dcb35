"""Writes kb/geography.csv. The tables below are the source; the CSV is the data.

Conventions: `city capital_of country` (no has_capital), `borders` written in
both directions, `located_in` is multi-valued (Russia and Türkiye are in two
continents, lakes and mountains in several countries), administrative regions
and non-capital cities use `part-of` (and `contains` for the UK's constituent
countries), so "is X in country Y" for them needs part-of transitivity.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from kbwriter import KB  # noqa: E402

kb = KB()

for p in ["capital_of", "currency", "population_millions", "area_km2", "height_m", "length_km",
          "independence_year", "highest_point"]:
    kb.functional(p)

CONTINENTS = {
    "africa": "Africa", "europe": "Europe", "asia": "Asia", "north_america": "North America",
    "south_america": "South America", "oceania": "Oceania", "antarctica": "Antarctica",
}
for cid, name in CONTINENTS.items():
    kb.label(cid, name)
    kb.add(cid, "is-a", "continent")

# language id -> (display name, family)
LANGUAGES = {
    "english": ("English", "germanic_language"), "german": ("German", "germanic_language"),
    "dutch": ("Dutch", "germanic_language"), "norwegian": ("Norwegian", "germanic_language"),
    "swedish": ("Swedish", "germanic_language"), "icelandic": ("Icelandic", "germanic_language"),
    "afrikaans": ("Afrikaans", "germanic_language"),
    "french": ("French", "romance_language"), "spanish": ("Spanish", "romance_language"),
    "portuguese": ("Portuguese", "romance_language"), "italian": ("Italian", "romance_language"),
    "romansh": ("Romansh", "romance_language"),
    "irish": ("Irish", "celtic_language"),
    "polish": ("Polish", "slavic_language"), "czech": ("Czech", "slavic_language"),
    "russian": ("Russian", "slavic_language"), "ukrainian": ("Ukrainian", "slavic_language"),
    "bosnian": ("Bosnian", "slavic_language"), "croatian": ("Croatian", "slavic_language"),
    "serbian": ("Serbian", "slavic_language"), "montenegrin": ("Montenegrin", "slavic_language"),
    "hindi": ("Hindi", "indo_aryan_language"), "urdu": ("Urdu", "indo_aryan_language"),
    "bengali": ("Bengali", "indo_aryan_language"), "nepali": ("Nepali", "indo_aryan_language"),
    "sinhala": ("Sinhala", "indo_aryan_language"),
    "tamil": ("Tamil", "dravidian_language"),
    "swahili": ("Swahili", "bantu_language"), "kinyarwanda": ("Kinyarwanda", "bantu_language"),
    "zulu": ("Zulu", "bantu_language"), "xhosa": ("Xhosa", "bantu_language"),
    "swati": ("Swati", "bantu_language"), "lingala": ("Lingala", "bantu_language"),
    "sango": ("Sango", "niger_congo_language"),
    "arabic": ("Arabic", "semitic_language"), "amharic": ("Amharic", "semitic_language"),
    "berber": ("Berber", "afroasiatic_language"),
    "finnish": ("Finnish", "uralic_language"),
    "turkish": ("Turkish", "turkic_language"),
    "japanese": ("Japanese", "japonic_language"), "korean": ("Korean", "koreanic_language"),
    "mandarin": ("Mandarin Chinese", "sinitic_language"), "burmese": ("Burmese", "sino_tibetan_language"),
    "thai": ("Thai", "kra_dai_language"),
    "indonesian": ("Indonesian", "austronesian_language"), "maori": ("Māori", "austronesian_language"),
    "tok_pisin": ("Tok Pisin", "creole_language"), "hiri_motu": ("Hiri Motu", "austronesian_language"),
    "mongolian": ("Mongolian", "mongolic_language"),
    "quechua": ("Quechua", "quechuan_language"), "aymara": ("Aymara", "aymaran_language"),
    "guarani": ("Guaraní", "tupian_language"),
    "new_zealand_sign_language": ("New Zealand Sign Language", "sign_language"),
}
FAMILY_PARENTS = {
    "germanic_language": "indo_european_language", "romance_language": "indo_european_language",
    "celtic_language": "indo_european_language", "slavic_language": "indo_european_language",
    "indo_aryan_language": "indo_european_language", "bantu_language": "niger_congo_language",
    "semitic_language": "afroasiatic_language", "sinitic_language": "sino_tibetan_language",
    "indo_european_language": "language", "niger_congo_language": "language",
    "afroasiatic_language": "language", "sino_tibetan_language": "language",
    "dravidian_language": "language", "uralic_language": "language", "turkic_language": "language",
    "japonic_language": "language", "koreanic_language": "language", "kra_dai_language": "language",
    "austronesian_language": "language", "creole_language": "language", "mongolic_language": "language",
    "quechuan_language": "language", "aymaran_language": "language", "tupian_language": "language",
    "sign_language": "language",
}
FAMILY_NAMES = {
    "indo_european_language": "Indo-European language", "niger_congo_language": "Niger-Congo language",
    "indo_aryan_language": "Indo-Aryan language", "sino_tibetan_language": "Sino-Tibetan language",
    "kra_dai_language": "Kra-Dai language", "germanic_language": "Germanic language",
    "romance_language": "Romance language", "celtic_language": "Celtic language",
    "slavic_language": "Slavic language", "bantu_language": "Bantu language",
    "semitic_language": "Semitic language", "afroasiatic_language": "Afroasiatic language",
    "sinitic_language": "Sinitic language", "dravidian_language": "Dravidian language",
    "uralic_language": "Uralic language", "turkic_language": "Turkic language",
    "japonic_language": "Japonic language", "koreanic_language": "Koreanic language",
    "austronesian_language": "Austronesian language", "creole_language": "creole language",
    "mongolic_language": "Mongolic language", "quechuan_language": "Quechuan language",
    "aymaran_language": "Aymaran language", "tupian_language": "Tupian language",
    "sign_language": "sign language",
}
for lid, (name, family) in LANGUAGES.items():
    kb.label(lid, name)
    kb.add(lid, "is-a", family)
for child, parent in FAMILY_PARENTS.items():
    kb.label(child, FAMILY_NAMES[child])
    kb.add(child, "is-a", parent)
# mutual intelligibility, written in one direction only (similar-to is symmetric by rule)
for a, b in [("norwegian", "swedish"), ("spanish", "portuguese"), ("serbian", "croatian"),
             ("bosnian", "serbian"), ("urdu", "hindi")]:
    kb.add(a, "similar-to", b)

CURRENCIES = {
    "south_sudanese_pound": "South Sudanese pound", "sudanese_pound": "Sudanese pound",
    "egyptian_pound": "Egyptian pound", "ethiopian_birr": "Ethiopian birr",
    "kenyan_shilling": "Kenyan shilling", "ugandan_shilling": "Ugandan shilling",
    "tanzanian_shilling": "Tanzanian shilling", "rwandan_franc": "Rwandan franc",
    "congolese_franc": "Congolese franc", "central_african_cfa_franc": "Central African CFA franc",
    "nigerian_naira": "Nigerian naira", "ghanaian_cedi": "Ghanaian cedi",
    "west_african_cfa_franc": "West African CFA franc", "moroccan_dirham": "Moroccan dirham",
    "south_african_rand": "South African rand", "swazi_lilangeni": "Swazi lilangeni",
    "pound_sterling": "pound sterling", "euro": "euro", "swiss_franc": "Swiss franc",
    "polish_zloty": "Polish złoty", "czech_koruna": "Czech koruna", "norwegian_krone": "Norwegian krone",
    "swedish_krona": "Swedish krona", "icelandic_krona": "Icelandic króna",
    "convertible_mark": "Bosnia and Herzegovina convertible mark", "serbian_dinar": "Serbian dinar",
    "russian_ruble": "Russian ruble", "turkish_lira": "Turkish lira", "ukrainian_hryvnia": "Ukrainian hryvnia",
    "renminbi": "renminbi", "japanese_yen": "Japanese yen", "south_korean_won": "South Korean won",
    "north_korean_won": "North Korean won", "indian_rupee": "Indian rupee", "pakistani_rupee": "Pakistani rupee",
    "bangladeshi_taka": "Bangladeshi taka", "sri_lankan_rupee": "Sri Lankan rupee",
    "nepalese_rupee": "Nepalese rupee", "myanmar_kyat": "Myanmar kyat", "thai_baht": "Thai baht",
    "indonesian_rupiah": "Indonesian rupiah", "saudi_riyal": "Saudi riyal", "uae_dirham": "UAE dirham",
    "mongolian_togrog": "Mongolian tögrög", "united_states_dollar": "United States dollar",
    "canadian_dollar": "Canadian dollar", "mexican_peso": "Mexican peso", "costa_rican_colon": "Costa Rican colón",
    "nicaraguan_cordoba": "Nicaraguan córdoba", "panamanian_balboa": "Panamanian balboa",
    "brazilian_real": "Brazilian real", "argentine_peso": "Argentine peso", "chilean_peso": "Chilean peso",
    "peruvian_sol": "Peruvian sol", "colombian_peso": "Colombian peso", "bolivian_boliviano": "Bolivian boliviano",
    "australian_dollar": "Australian dollar", "new_zealand_dollar": "New Zealand dollar",
    "papua_new_guinean_kina": "Papua New Guinean kina",
}
for cid, name in CURRENCIES.items():
    kb.label(cid, name)
    kb.add(cid, "is-a", "currency")
kb.alias("renminbi", "Chinese yuan")
kb.alias("united_states_dollar", "US dollar")
kb.alias("pound_sterling", "British pound")

# id, name, capital id, capital name, continents, languages, currency, population (millions), area km2, kind
COUNTRIES = [
    ("south_sudan", "South Sudan", "juba", "Juba", ["africa"], ["english"], "south_sudanese_pound", 11.1, 619745, "landlocked"),
    ("sudan", "Sudan", "khartoum", "Khartoum", ["africa"], ["arabic", "english"], "sudanese_pound", 48.1, 1886068, ""),
    ("egypt", "Egypt", "cairo", "Cairo", ["africa"], ["arabic"], "egyptian_pound", 112.7, 1002450, ""),
    ("ethiopia", "Ethiopia", "addis_ababa", "Addis Ababa", ["africa"], ["amharic"], "ethiopian_birr", 126.5, 1104300, "landlocked"),
    ("kenya", "Kenya", "nairobi", "Nairobi", ["africa"], ["english", "swahili"], "kenyan_shilling", 55.1, 580367, ""),
    ("uganda", "Uganda", "kampala", "Kampala", ["africa"], ["english", "swahili"], "ugandan_shilling", 48.6, 241550, "landlocked"),
    ("tanzania", "Tanzania", "dodoma", "Dodoma", ["africa"], ["swahili", "english"], "tanzanian_shilling", 67.4, 945087, ""),
    ("rwanda", "Rwanda", "kigali", "Kigali", ["africa"], ["kinyarwanda", "english", "french", "swahili"], "rwandan_franc", 14.1, 26338, "landlocked"),
    ("democratic_republic_of_the_congo", "Democratic Republic of the Congo", "kinshasa", "Kinshasa", ["africa"], ["french"], "congolese_franc", 102.3, 2344858, ""),
    ("republic_of_the_congo", "Republic of the Congo", "brazzaville", "Brazzaville", ["africa"], ["french"], "central_african_cfa_franc", 6.1, 342000, ""),
    ("central_african_republic", "Central African Republic", "bangui", "Bangui", ["africa"], ["french", "sango"], "central_african_cfa_franc", 5.7, 622984, "landlocked"),
    ("nigeria", "Nigeria", "abuja", "Abuja", ["africa"], ["english"], "nigerian_naira", 223.8, 923768, ""),
    ("ghana", "Ghana", "accra", "Accra", ["africa"], ["english"], "ghanaian_cedi", 34.1, 238533, ""),
    ("cote_d_ivoire", "Côte d'Ivoire", "yamoussoukro", "Yamoussoukro", ["africa"], ["french"], "west_african_cfa_franc", 28.9, 322463, ""),
    ("burkina_faso", "Burkina Faso", "ouagadougou", "Ouagadougou", ["africa"], ["french"], "west_african_cfa_franc", 22.7, 274200, "landlocked"),
    ("mali", "Mali", "bamako", "Bamako", ["africa"], ["french"], "west_african_cfa_franc", 22.6, 1240192, "landlocked"),
    ("senegal", "Senegal", "dakar", "Dakar", ["africa"], ["french"], "west_african_cfa_franc", 17.8, 196722, ""),
    ("morocco", "Morocco", "rabat", "Rabat", ["africa"], ["arabic", "berber"], "moroccan_dirham", 37.8, 446550, ""),
    ("south_africa", "South Africa", "pretoria", "Pretoria", ["africa"], ["english", "afrikaans", "zulu", "xhosa"], "south_african_rand", 60.4, 1221037, ""),
    ("eswatini", "Eswatini", "mbabane", "Mbabane", ["africa"], ["english", "swati"], "swazi_lilangeni", 1.2, 17364, "landlocked"),
    ("united_kingdom", "United Kingdom", "london", "London", ["europe"], ["english"], "pound_sterling", 68.3, 242495, "island"),
    ("ireland", "Ireland", "dublin", "Dublin", ["europe"], ["irish", "english"], "euro", 5.3, 70273, "island"),
    ("france", "France", "paris", "Paris", ["europe"], ["french"], "euro", 68.2, 551695, ""),
    ("germany", "Germany", "berlin", "Berlin", ["europe"], ["german"], "euro", 84.5, 357588, ""),
    ("spain", "Spain", "madrid", "Madrid", ["europe"], ["spanish"], "euro", 48.4, 505990, ""),
    ("portugal", "Portugal", "lisbon", "Lisbon", ["europe"], ["portuguese"], "euro", 10.5, 92212, ""),
    ("italy", "Italy", "rome", "Rome", ["europe"], ["italian"], "euro", 58.9, 301340, ""),
    ("netherlands", "Netherlands", "amsterdam", "Amsterdam", ["europe"], ["dutch"], "euro", 17.9, 41850, ""),
    ("belgium", "Belgium", "brussels", "Brussels", ["europe"], ["dutch", "french", "german"], "euro", 11.8, 30689, ""),
    ("switzerland", "Switzerland", "bern", "Bern", ["europe"], ["german", "french", "italian", "romansh"], "swiss_franc", 8.9, 41285, "landlocked"),
    ("austria", "Austria", "vienna", "Vienna", ["europe"], ["german"], "euro", 9.1, 83879, "landlocked"),
    ("poland", "Poland", "warsaw", "Warsaw", ["europe"], ["polish"], "polish_zloty", 36.7, 312696, ""),
    ("czechia", "Czechia", "prague", "Prague", ["europe"], ["czech"], "czech_koruna", 10.9, 78871, "landlocked"),
    ("norway", "Norway", "oslo", "Oslo", ["europe"], ["norwegian"], "norwegian_krone", 5.5, 385207, ""),
    ("sweden", "Sweden", "stockholm", "Stockholm", ["europe"], ["swedish"], "swedish_krona", 10.5, 450295, ""),
    ("finland", "Finland", "helsinki", "Helsinki", ["europe"], ["finnish", "swedish"], "euro", 5.6, 338455, ""),
    ("iceland", "Iceland", "reykjavik", "Reykjavík", ["europe"], ["icelandic"], "icelandic_krona", 0.39, 103000, "island"),
    ("bosnia_and_herzegovina", "Bosnia and Herzegovina", "sarajevo", "Sarajevo", ["europe"], ["bosnian", "croatian", "serbian"], "convertible_mark", 3.2, 51197, ""),
    ("croatia", "Croatia", "zagreb", "Zagreb", ["europe"], ["croatian"], "euro", 3.9, 56594, ""),
    ("serbia", "Serbia", "belgrade", "Belgrade", ["europe"], ["serbian"], "serbian_dinar", 6.6, 77474, "landlocked"),
    ("montenegro", "Montenegro", "podgorica", "Podgorica", ["europe"], ["montenegrin"], "euro", 0.62, 13812, ""),
    ("russia", "Russia", "moscow", "Moscow", ["europe", "asia"], ["russian"], "russian_ruble", 144.2, 17098246, ""),
    ("turkey", "Türkiye", "ankara", "Ankara", ["europe", "asia"], ["turkish"], "turkish_lira", 85.3, 783562, ""),
    ("ukraine", "Ukraine", "kyiv", "Kyiv", ["europe"], ["ukrainian"], "ukrainian_hryvnia", 37.0, 603550, ""),
    ("china", "China", "beijing", "Beijing", ["asia"], ["mandarin"], "renminbi", 1410.7, 9596961, ""),
    ("japan", "Japan", "tokyo", "Tokyo", ["asia"], ["japanese"], "japanese_yen", 124.5, 377975, "island"),
    ("south_korea", "South Korea", "seoul", "Seoul", ["asia"], ["korean"], "south_korean_won", 51.7, 100210, ""),
    ("north_korea", "North Korea", "pyongyang", "Pyongyang", ["asia"], ["korean"], "north_korean_won", 26.2, 120538, ""),
    ("india", "India", "new_delhi", "New Delhi", ["asia"], ["hindi", "english"], "indian_rupee", 1428.6, 3287263, ""),
    ("pakistan", "Pakistan", "islamabad", "Islamabad", ["asia"], ["urdu", "english"], "pakistani_rupee", 240.5, 881913, ""),
    ("bangladesh", "Bangladesh", "dhaka", "Dhaka", ["asia"], ["bengali"], "bangladeshi_taka", 172.9, 147570, ""),
    ("sri_lanka", "Sri Lanka", "sri_jayawardenepura_kotte", "Sri Jayawardenepura Kotte", ["asia"], ["sinhala", "tamil"], "sri_lankan_rupee", 22.0, 65610, "island"),
    ("nepal", "Nepal", "kathmandu", "Kathmandu", ["asia"], ["nepali"], "nepalese_rupee", 30.9, 147516, "landlocked"),
    ("myanmar", "Myanmar", "naypyidaw", "Naypyidaw", ["asia"], ["burmese"], "myanmar_kyat", 54.6, 676578, ""),
    ("thailand", "Thailand", "bangkok", "Bangkok", ["asia"], ["thai"], "thai_baht", 71.8, 513120, ""),
    ("indonesia", "Indonesia", "jakarta", "Jakarta", ["asia"], ["indonesian"], "indonesian_rupiah", 277.5, 1904569, "island"),
    ("saudi_arabia", "Saudi Arabia", "riyadh", "Riyadh", ["asia"], ["arabic"], "saudi_riyal", 36.9, 2149690, ""),
    ("united_arab_emirates", "United Arab Emirates", "abu_dhabi", "Abu Dhabi", ["asia"], ["arabic"], "uae_dirham", 9.5, 83600, ""),
    ("mongolia", "Mongolia", "ulaanbaatar", "Ulaanbaatar", ["asia"], ["mongolian"], "mongolian_togrog", 3.4, 1564116, "landlocked"),
    ("united_states", "United States", "washington_dc", "Washington, D.C.", ["north_america"], ["english"], "united_states_dollar", 334.9, 9833520, ""),
    ("canada", "Canada", "ottawa", "Ottawa", ["north_america"], ["english", "french"], "canadian_dollar", 40.1, 9984670, ""),
    ("mexico", "Mexico", "mexico_city", "Mexico City", ["north_america"], ["spanish"], "mexican_peso", 128.5, 1964375, ""),
    ("nicaragua", "Nicaragua", "managua", "Managua", ["north_america"], ["spanish"], "nicaraguan_cordoba", 7.0, 130373, ""),
    ("costa_rica", "Costa Rica", "san_jose", "San José", ["north_america"], ["spanish"], "costa_rican_colon", 5.2, 51100, ""),
    ("panama", "Panama", "panama_city", "Panama City", ["north_america"], ["spanish"], "panamanian_balboa", 4.5, 75417, ""),
    ("brazil", "Brazil", "brasilia", "Brasília", ["south_america"], ["portuguese"], "brazilian_real", 216.4, 8515767, ""),
    ("argentina", "Argentina", "buenos_aires", "Buenos Aires", ["south_america"], ["spanish"], "argentine_peso", 46.7, 2780400, ""),
    ("chile", "Chile", "santiago", "Santiago", ["south_america"], ["spanish"], "chilean_peso", 19.6, 756102, ""),
    ("peru", "Peru", "lima", "Lima", ["south_america"], ["spanish", "quechua", "aymara"], "peruvian_sol", 34.4, 1285216, ""),
    ("colombia", "Colombia", "bogota", "Bogotá", ["south_america"], ["spanish"], "colombian_peso", 52.1, 1141748, ""),
    ("bolivia", "Bolivia", "sucre", "Sucre", ["south_america"], ["spanish", "quechua", "aymara", "guarani"], "bolivian_boliviano", 12.4, 1098581, "landlocked"),
    ("australia", "Australia", "canberra", "Canberra", ["oceania"], ["english"], "australian_dollar", 26.6, 7692024, ""),
    ("new_zealand", "New Zealand", "wellington", "Wellington", ["oceania"], ["english", "maori", "new_zealand_sign_language"], "new_zealand_dollar", 5.2, 268021, "island"),
    ("papua_new_guinea", "Papua New Guinea", "port_moresby", "Port Moresby", ["oceania"], ["english", "tok_pisin", "hiri_motu"], "papua_new_guinean_kina", 10.3, 462840, ""),
]
# Countries left out to keep this KG near 1000 facts; every reference to them is skipped below.
DROPPED = {"republic_of_the_congo", "mali", "senegal", "morocco", "eswatini", "poland", "czechia", "finland",
           "montenegro", "turkey", "ukraine", "myanmar", "thailand", "saudi_arabia", "united_arab_emirates",
           "mongolia", "nicaragua", "ireland", "belgium", "rwanda", "bangladesh", "panama", "chile", "north_korea",
           "colombia"}
COUNTRIES = [c for c in COUNTRIES if c[0] not in DROPPED]
COUNTRY_IDS = {c[0] for c in COUNTRIES}
# area only for some countries
AREA = {"south_sudan", "sudan", "egypt", "kenya", "nigeria", "united_kingdom", "france", "germany", "switzerland",
        "russia", "iceland", "china", "japan", "india", "sri_lanka", "united_states", "canada", "brazil",
        "australia", "new_zealand", "bosnia_and_herzegovina", "cote_d_ivoire"}


def ok(cid):
    return cid not in DROPPED
for cid, name, cap, capname, conts, langs, cur, pop, area, kind in COUNTRIES:
    kb.label(cid, name)
    kb.add(cid, "is-a", {"landlocked": "landlocked_country", "island": "island_country"}.get(kind, "country"))
    for cont in conts:
        kb.add(cid, "located_in", cont)
    kb.label(cap, capname)
    kb.add(cap, "capital_of", cid)
    kb.add(cap, "is-a", "capital_city")
    for lang in langs:
        kb.add(cid, "official_language", lang)
    kb.add(cid, "currency", cur)
    kb.add(cid, "population_millions", pop)
    if cid in AREA:
        kb.add(cid, "area_km2", area)
kb.label("landlocked_country", "landlocked country")
kb.add("landlocked_country", "is-a", "country")
kb.label("island_country", "island country")
kb.add("island_country", "is-a", "country")
kb.label("capital_city", "capital city")
kb.add("capital_city", "is-a", "city")
kb.add("city", "is-a", "human_settlement")
kb.label("human_settlement", "human settlement")

for cid, name in [("united_kingdom", "UK"), ("united_kingdom", "Britain"), ("united_states", "USA"),
                  ("united_states", "United States of America"), ("cote_d_ivoire", "Ivory Coast"),
                  ("czechia", "Czech Republic"), ("myanmar", "Burma"), ("eswatini", "Swaziland"),
                  ("democratic_republic_of_the_congo", "DR Congo"), ("democratic_republic_of_the_congo", "DRC"),
                  ("netherlands", "Holland"), ("turkey", "Turkey"), ("united_arab_emirates", "UAE"),
                  ("kyiv", "Kiev"), ("mandarin", "Standard Chinese")]:
    kb.alias(cid, name)

BORDERS = """
south_sudan sudan; south_sudan ethiopia; south_sudan kenya; south_sudan uganda;
south_sudan democratic_republic_of_the_congo; south_sudan central_african_republic; sudan egypt; sudan ethiopia;
sudan central_african_republic; ethiopia kenya; kenya tanzania; kenya uganda; uganda tanzania; uganda rwanda;
uganda democratic_republic_of_the_congo; tanzania rwanda; tanzania democratic_republic_of_the_congo;
rwanda democratic_republic_of_the_congo; democratic_republic_of_the_congo republic_of_the_congo;
democratic_republic_of_the_congo central_african_republic; republic_of_the_congo central_african_republic;
ghana cote_d_ivoire; ghana burkina_faso; cote_d_ivoire burkina_faso; cote_d_ivoire mali; burkina_faso mali;
mali senegal; morocco spain; south_africa eswatini;
united_kingdom ireland; france spain; france belgium; france germany; france switzerland; france italy;
germany netherlands; germany belgium; germany switzerland; germany austria; germany poland; germany czechia;
spain portugal; italy switzerland; italy austria; netherlands belgium; switzerland austria; austria czechia;
poland czechia; poland ukraine; poland russia; norway sweden; norway finland; norway russia; sweden finland;
finland russia; bosnia_and_herzegovina croatia; bosnia_and_herzegovina serbia; bosnia_and_herzegovina montenegro;
croatia serbia; croatia montenegro; serbia montenegro; russia ukraine; russia china; russia mongolia;
russia north_korea; china mongolia; china north_korea; china india; china pakistan; china nepal; china myanmar;
north_korea south_korea; india pakistan; india nepal; india bangladesh; india myanmar; bangladesh myanmar;
myanmar thailand; indonesia papua_new_guinea; saudi_arabia united_arab_emirates; united_states canada;
united_states mexico; nicaragua costa_rica; costa_rica panama; panama colombia; colombia peru; colombia brazil;
peru brazil; peru bolivia; peru chile; brazil bolivia; brazil argentina; bolivia argentina; bolivia chile;
argentina chile
"""
for pair in BORDERS.replace("\n", " ").split(";"):
    a, b = pair.split()
    if not (ok(a) and ok(b)):
        continue
    assert a in COUNTRY_IDS and b in COUNTRY_IDS, pair
    kb.add(a, "borders", b)
    kb.add(b, "borders", a)

# capitals with a population fact (many capitals, e.g. Juba, have none)
for city, pop in [("tokyo", 14.1), ("london", 8.9), ("cairo", 10.1), ("paris", 2.1), ("nairobi", 4.4),
                  ("berlin", 3.7), ("moscow", 13.1), ("beijing", 21.9), ("kinshasa", 17.0),
                  ("mexico_city", 9.2), ("buenos_aires", 3.1), ("lima", 10.0), ("seoul", 9.4), ("dhaka", 10.3)]:
    kb.add(city, "population_millions", pop)

# independence
for country, year, frm in [("south_sudan", 2011, "sudan"), ("kenya", 1963, "united_kingdom"),
                           ("ghana", 1957, "united_kingdom"), ("nigeria", 1960, "united_kingdom"),
                           ("india", 1947, "united_kingdom"), ("pakistan", 1947, "united_kingdom"),
                           ("bangladesh", 1971, "pakistan"), ("brazil", 1822, "portugal"), ("mexico", 1821, "spain"),
                           ("indonesia", 1945, "netherlands"), ("cote_d_ivoire", 1960, "france"),
                           ("senegal", 1960, "france"), ("mali", 1960, "france"), ("burkina_faso", 1960, "france"),
                           ("democratic_republic_of_the_congo", 1960, "belgium"), ("rwanda", 1962, "belgium"),
                           ("croatia", 1991, "yugoslavia"), ("bosnia_and_herzegovina", 1992, "yugoslavia"),
                           ("montenegro", 2006, "serbia_and_montenegro"), ("ukraine", 1991, "soviet_union")]:
    kb.add(country, "independence_year", year)
    kb.add(country, "independent_from", frm)
for fid, name in [("yugoslavia", "Yugoslavia"), ("serbia_and_montenegro", "Serbia and Montenegro"),
                  ("soviet_union", "Soviet Union")]:
    kb.label(fid, name)
    kb.add(fid, "is-a", "former_country")
kb.alias("soviet_union", "USSR")
kb.label("former_country", "former country")

# international organisations
ORGS = {
    "european_union": ("European Union", ["france", "germany", "spain", "portugal", "italy", "netherlands", "belgium",
                                          "austria", "poland", "czechia", "sweden", "finland", "ireland", "croatia"]),
    "african_union": ("African Union", [c[0] for c in COUNTRIES if c[4] == ["africa"]]),
    "asean": ("ASEAN", ["thailand", "indonesia", "myanmar"]),
    "mercosur": ("Mercosur", ["brazil", "argentina", "bolivia"]),
}
for oid, (name, members) in ORGS.items():
    kb.label(oid, name)
    kb.add(oid, "is-a", "international_organization")
    for m in members:
        kb.add(m, "member_of", oid)
kb.alias("european_union", "EU")
kb.label("international_organization", "international organization")

# administrative regions and non-capital cities: part-of / contains
for region in ["england", "scotland", "wales", "northern_ireland"]:
    kb.add("united_kingdom", "contains", region)
    kb.add(region, "is-a", "constituent_country")
kb.label("england", "England"); kb.label("scotland", "Scotland"); kb.label("wales", "Wales")
kb.label("northern_ireland", "Northern Ireland")
kb.label("constituent_country", "constituent country")
kb.add("constituent_country", "is-a", "administrative_region")
kb.label("administrative_region", "administrative region")
kb.add("london", "part-of", "england")
REGIONS = [  # region id, name, country, kind
    ("bavaria", "Bavaria", "germany", "german_state"), ("catalonia", "Catalonia", "spain", "autonomous_community"),
    ("california", "California", "united_states", "us_state"), ("new_york_state", "New York State", "united_states", "us_state"),
    ("ontario", "Ontario", "canada", "canadian_province"), ("tasmania", "Tasmania", "australia", "australian_state"),
    ("new_south_wales", "New South Wales", "australia", "australian_state"),
    ("sao_paulo_state", "São Paulo State", "brazil", "brazilian_state"),
    ("maharashtra", "Maharashtra", "india", "indian_state"), ("lagos_state", "Lagos State", "nigeria", "nigerian_state"),
    ("gauteng", "Gauteng", "south_africa", "south_african_province"),
    ("western_cape", "Western Cape", "south_africa", "south_african_province"),
]
KIND_NAMES = {"german_state": "German state", "autonomous_community": "autonomous community of Spain",
              "us_state": "U.S. state", "canadian_province": "Canadian province", "australian_state": "Australian state",
              "brazilian_state": "Brazilian state", "indian_state": "Indian state", "nigerian_state": "Nigerian state",
              "south_african_province": "South African province"}
for rid, name, country, kind in REGIONS:
    kb.label(rid, name)
    kb.add(rid, "part-of", country)
    kb.add(rid, "is-a", kind)
for kind, name in KIND_NAMES.items():
    kb.label(kind, name)
    kb.add(kind, "is-a", "administrative_region")
CITIES = [  # city id, name, region
    ("edinburgh", "Edinburgh", "scotland"), ("cardiff", "Cardiff", "wales"), ("manchester", "Manchester", "england"),
    ("munich", "Munich", "bavaria"), ("barcelona", "Barcelona", "catalonia"),
    ("los_angeles", "Los Angeles", "california"), ("san_francisco", "San Francisco", "california"),
    ("new_york_city", "New York City", "new_york_state"), ("toronto", "Toronto", "ontario"),
    ("sydney", "Sydney", "new_south_wales"), ("hobart", "Hobart", "tasmania"),
    ("sao_paulo", "São Paulo", "sao_paulo_state"), ("mumbai", "Mumbai", "maharashtra"), ("lagos", "Lagos", "lagos_state"),
    ("johannesburg", "Johannesburg", "gauteng"), ("cape_town", "Cape Town", "western_cape"),
]
for cid, name, region in CITIES:
    kb.label(cid, name)
    kb.add(cid, "part-of", region)
    kb.add(cid, "is-a", "city")
kb.add("pretoria", "part-of", "gauteng")
kb.label("mombasa", "Mombasa")
kb.add("mombasa", "part-of", "kenya")
kb.add("mombasa", "is-a", "port_city")
kb.label("port_city", "port city")
kb.add("port_city", "is-a", "city")
for city, pop in [("lagos", 15.4), ("sao_paulo", 11.5), ("mumbai", 12.5), ("new_york_city", 8.3), ("sydney", 5.3)]:
    kb.add(city, "population_millions", pop)
kb.alias("new_york_city", "NYC")
kb.alias("mumbai", "Bombay")

# water bodies
SEAS = [("mediterranean_sea", "Mediterranean Sea", "sea", "atlantic_ocean"), ("north_sea", "North Sea", "sea", "atlantic_ocean"),
        ("gulf_of_guinea", "Gulf of Guinea", "gulf", "atlantic_ocean"), ("gulf_of_mexico", "Gulf of Mexico", "gulf", "atlantic_ocean"),
        ("bay_of_bengal", "Bay of Bengal", "bay", "indian_ocean"), ("east_china_sea", "East China Sea", "sea", "pacific_ocean"),
        ("south_china_sea", "South China Sea", "sea", "pacific_ocean"), ("black_sea", "Black Sea", "sea", None)]
for sid, name, kind, ocean in SEAS:
    kb.label(sid, name)
    kb.add(sid, "is-a", kind)
    if ocean:
        kb.add(sid, "part-of", ocean)
for oid, name in [("atlantic_ocean", "Atlantic Ocean"), ("pacific_ocean", "Pacific Ocean"),
                  ("indian_ocean", "Indian Ocean"), ("southern_ocean", "Southern Ocean"), ("arctic_ocean", "Arctic Ocean")]:
    kb.label(oid, name)
    kb.add(oid, "is-a", "ocean")
for kind in ["sea", "gulf", "bay", "ocean", "lake"]:
    kb.add(kind, "is-a", "body_of_water")
kb.add("river", "is-a", "watercourse")
kb.add("watercourse", "is-a", "body_of_water")
kb.label("body_of_water", "body of water")

RIVERS = [  # id, name, countries, length km, flows into, continent
    ("nile", "Nile", ["uganda", "south_sudan", "sudan", "egypt"], 6650, "mediterranean_sea", "africa"),
    ("white_nile", "White Nile", ["uganda", "south_sudan", "sudan"], 3700, "nile", "africa"),
    ("blue_nile", "Blue Nile", ["ethiopia", "sudan"], 1450, "nile", "africa"),
    ("congo_river", "Congo River", ["democratic_republic_of_the_congo", "republic_of_the_congo"], 4700, "atlantic_ocean", "africa"),
    ("niger_river", "Niger River", ["mali", "nigeria"], 4180, "gulf_of_guinea", "africa"),
    ("amazon_river", "Amazon River", ["peru", "colombia", "brazil"], 6400, "atlantic_ocean", "south_america"),
    ("danube", "Danube", ["germany", "austria", "croatia", "serbia", "ukraine"], 2850, "black_sea", "europe"),
    ("rhine", "Rhine", ["switzerland", "austria", "germany", "france", "netherlands"], 1230, "north_sea", "europe"),
    ("thames", "Thames", ["united_kingdom"], 346, "north_sea", "europe"),
    ("mississippi_river", "Mississippi River", ["united_states"], 3730, "gulf_of_mexico", "north_america"),
    ("yangtze", "Yangtze", ["china"], 6300, "east_china_sea", "asia"),
    ("ganges", "Ganges", ["india", "bangladesh"], 2525, "bay_of_bengal", "asia"),
    ("mekong", "Mekong", ["china", "myanmar", "thailand"], 4350, "south_china_sea", "asia"),
    ("volga", "Volga", ["russia"], 3530, "caspian_sea", "europe"),
    ("murray_river", "Murray River", ["australia"], 2508, "southern_ocean", "oceania"),
]
for rid, name, countries, length, mouth, cont in RIVERS:
    kb.label(rid, name)
    kb.add(rid, "is-a", "river")
    for c in countries:
        kb.add(rid, "flows_through", c)
    kb.add(rid, "length_km", length)
    kb.add(rid, "flows_into", mouth)
    kb.add(rid, "located_in", cont)
kb.add("white_nile", "tributary_of", "nile")
kb.add("blue_nile", "tributary_of", "nile")
kb.add("white_nile", "source", "lake_victoria")
kb.add("blue_nile", "source", "lake_tana")
kb.alias("yangtze", "Chang Jiang")
kb.alias("ganges", "Ganga")

LAKES = [("lake_victoria", "Lake Victoria", ["uganda", "kenya", "tanzania"], {"area_km2": 59947}),
         ("lake_tana", "Lake Tana", ["ethiopia"], {"area_km2": 3156}),
         ("lake_tanganyika", "Lake Tanganyika", ["tanzania", "democratic_republic_of_the_congo"], {"depth_m": 1470}),
         ("lake_baikal", "Lake Baikal", ["russia"], {"depth_m": 1642, "area_km2": 31722}),
         ("lake_titicaca", "Lake Titicaca", ["peru", "bolivia"], {"elevation_m": 3812}),
         ("lake_superior", "Lake Superior", ["united_states", "canada"], {"area_km2": 82100}),
         ("lake_geneva", "Lake Geneva", ["switzerland", "france"], {"area_km2": 580}),
         ("caspian_sea", "Caspian Sea", ["russia"], {"area_km2": 371000})]
for lid, name, countries, nums in LAKES:
    kb.label(lid, name)
    kb.add(lid, "is-a", "lake")
    for c in countries:
        kb.add(lid, "located_in", c)
    for k, v in nums.items():
        kb.add(lid, k, v)
kb.alias("lake_geneva", "Lac Léman")

# mountains and ranges
RANGES = [("himalayas", "Himalayas", ["asia"]), ("karakoram", "Karakoram", ["asia"]), ("alps", "Alps", ["europe"]),
          ("andes", "Andes", ["south_america"]), ("alaska_range", "Alaska Range", ["north_america"]),
          ("caucasus_mountains", "Caucasus Mountains", ["europe", "asia"]), ("southern_alps", "Southern Alps", ["oceania"]),
          ("great_dividing_range", "Great Dividing Range", ["oceania"])]
for rid, name, conts in RANGES:
    kb.label(rid, name)
    kb.add(rid, "is-a", "mountain_range")
    for c in conts:
        kb.add(rid, "located_in", c)
SUBRANGES = [("mahalangur_himal", "Mahalangur Himal", "himalayas"), ("baltoro_muztagh", "Baltoro Muztagh", "karakoram"),
             ("mont_blanc_massif", "Mont Blanc massif", "graian_alps"), ("graian_alps", "Graian Alps", "alps"),
             ("pennine_alps", "Pennine Alps", "alps"), ("wetterstein", "Wetterstein", "alps"),
             ("cordillera_blanca", "Cordillera Blanca", "andes")]
for rid, name, parent in SUBRANGES:
    kb.label(rid, name)
    kb.add(rid, "is-a", "mountain_range")
    kb.add(rid, "part-of", parent)
kb.label("mountain_range", "mountain range")
kb.add("mountain_range", "is-a", "landform")
kb.add("mountain", "is-a", "landform")
kb.add("volcano", "is-a", "mountain")
kb.add("stratovolcano", "is-a", "volcano")

MOUNTAINS = [  # id, name, countries, height m, part-of, kind
    ("mount_everest", "Mount Everest", ["nepal", "china"], 8849, "mahalangur_himal", "mountain"),
    ("k2", "K2", ["pakistan", "china"], 8611, "baltoro_muztagh", "mountain"),
    ("kangchenjunga", "Kangchenjunga", ["nepal", "india"], 8586, "himalayas", "mountain"),
    ("kilimanjaro", "Mount Kilimanjaro", ["tanzania"], 5895, None, "stratovolcano"),
    ("mount_kenya", "Mount Kenya", ["kenya"], 5199, None, "stratovolcano"),
    ("mont_blanc", "Mont Blanc", ["france", "italy"], 4806, "mont_blanc_massif", "mountain"),
    ("matterhorn", "Matterhorn", ["switzerland", "italy"], 4478, "pennine_alps", "mountain"),
    ("zugspitze", "Zugspitze", ["germany", "austria"], 2962, "wetterstein", "mountain"),
    ("aconcagua", "Aconcagua", ["argentina"], 6961, "andes", "mountain"),
    ("huascaran", "Huascarán", ["peru"], 6768, "cordillera_blanca", "mountain"),
    ("denali", "Denali", ["united_states"], 6190, "alaska_range", "mountain"),
    ("mount_fuji", "Mount Fuji", ["japan"], 3776, None, "stratovolcano"),
    ("mount_elbrus", "Mount Elbrus", ["russia"], 5642, "caucasus_mountains", "stratovolcano"),
    ("aoraki", "Aoraki / Mount Cook", ["new_zealand"], 3724, "southern_alps", "mountain"),
    ("mount_kosciuszko", "Mount Kosciuszko", ["australia"], 2228, "great_dividing_range", "mountain"),
    ("mount_wilhelm", "Mount Wilhelm", ["papua_new_guinea"], 4509, None, "mountain"),
]
for mid, name, countries, height, part, kind in MOUNTAINS:
    kb.label(mid, name)
    kb.add(mid, "is-a", kind)
    for c in countries:
        kb.add(mid, "located_in", c)
    kb.add(mid, "height_m", height)
    if part:
        kb.add(mid, "part-of", part)
kb.alias("mount_everest", "Sagarmatha")
kb.alias("mount_everest", "Chomolungma")
kb.alias("aoraki", "Mount Cook")
kb.alias("denali", "Mount McKinley")
for country, peak in [("nepal", "mount_everest"), ("pakistan", "k2"), ("tanzania", "kilimanjaro"),
                      ("kenya", "mount_kenya"), ("argentina", "aconcagua"), ("peru", "huascaran"),
                      ("united_states", "denali"), ("japan", "mount_fuji"), ("russia", "mount_elbrus"),
                      ("new_zealand", "aoraki"), ("australia", "mount_kosciuszko"), ("papua_new_guinea", "mount_wilhelm"),
                      ("germany", "zugspitze"), ("france", "mont_blanc")]:
    kb.add(country, "highest_point", peak)
for peak, year, climbers in [("mount_everest", 1953, ["edmund_hillary", "tenzing_norgay"]),
                             ("matterhorn", 1865, ["edward_whymper"])]:
    kb.add(peak, "first_ascent_year", year)
    for c in climbers:
        kb.add(peak, "first_climbed_by", c)
for pid, name, nat in [("edmund_hillary", "Edmund Hillary", "new_zealand"), ("tenzing_norgay", "Tenzing Norgay", "nepal"),
                       ("edward_whymper", "Edward Whymper", "united_kingdom")]:
    kb.label(pid, name)
    kb.add(pid, "is-a", "mountaineer")
    kb.add(pid, "nationality", nat)

# Drop every fact about a left-out country or its capital, then languages,
# currencies and language families nothing refers to any more.
gone = set(DROPPED) | {s for s, p, o, _ in kb.facts if p == "capital_of" and o in DROPPED}
kb.facts = [f for f in kb.facts if f[0] not in gone and f[2] not in gone]
used = {o for s, p, o, _ in kb.facts if p in ("official_language", "currency")}
unused = (set(LANGUAGES) | set(CURRENCIES)) - used
kb.facts = [f for f in kb.facts if f[0] not in unused and f[2] not in unused]
while True:
    needed = {o for s, p, o, _ in kb.facts if p == "is-a"}
    idle = {f for f in FAMILY_PARENTS if f not in needed}
    if not any(f[0] in idle for f in kb.facts):
        break
    kb.facts = [f for f in kb.facts if f[0] not in idle]

out = os.path.join(os.path.dirname(__file__), "..", "kb", "geography.csv")
print("geography.csv:", kb.write(out), "facts")

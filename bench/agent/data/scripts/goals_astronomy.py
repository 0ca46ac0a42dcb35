"""Writes goals/astronomy.jsonl, checking every label against kb/astronomy.csv first."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
from reference import KB, g, run, yes, rule_yes, func_no, unknown, none, hop  # noqa: F401

K = KB(os.path.join(DATA, "kb", "astronomy.csv"))
F = "astronomy.csv"
n = iter(range(1, 1000))


def i():
    return f"astro-{next(n):03d}"




def moons_of(body):
    return lambda K: {x for x in K.s("orbits", body) if K.has(x, "is-a", "moon")}


# ---------------------------------------------------------------- lookup
g(i(), F, "lookup", "Find the moons that orbit Mars", ["phobos", "deimos"], "phobos, deimos orbits mars",
  criteria="phobos, deimos", check=moons_of("mars"))
g(i(), F, "lookup", "What does Titan orbit?", ["saturn"], "titan orbits saturn", check=hop("titan", ("orbits", "o")))
g(i(), F, "lookup", "Who discovered Titan?", ["christiaan_huygens"], "titan discovered_by christiaan_huygens",
  check=hop("titan", ("discovered_by", "o")))
g(i(), F, "lookup", "Which moons orbit Neptune?", ["triton", "nereid", "proteus", "larissa"],
  "triton, nereid, proteus, larissa orbits neptune", check=moons_of("neptune"))
g(i(), F, "lookup", "Which spacecraft visited Saturn?", ["cassini", "pioneer_11", "voyager_1", "voyager_2"],
  "cassini, pioneer_11, voyager_1, voyager_2 visited saturn", check=hop("saturn", ("visited", "s")))
g(i(), F, "lookup", "What gases are in Titan's atmosphere?", ["nitrogen", "methane"],
  "titan atmosphere_contains nitrogen, methane", check=hop("titan", ("atmosphere_contains", "o")))
g(i(), F, "lookup", "Who discovered Uranus?", ["william_herschel"], "uranus discovered_by william_herschel",
  criteria="William Herschel", check=hop("uranus", ("discovered_by", "o")))
g(i(), F, "lookup", "Which spacecraft have landed on Mars?", ["curiosity", "ingenuity", "perseverance", "viking_1", "zhurong"],
  "curiosity, ingenuity, perseverance, viking_1, zhurong landed_on mars", check=hop("mars", ("landed_on", "s")))
g(i(), F, "lookup", "What did the Huygens probe land on?", ["titan"], "huygens landed_on titan",
  check=hop("huygens", ("landed_on", "o")))
g(i(), F, "lookup", "Which agency operated Hayabusa2?", ["jaxa"], "hayabusa2 operated_by jaxa",
  check=hop("hayabusa2", ("operated_by", "o")))
g(i(), F, "lookup", "Which constellation is Betelgeuse in?", ["orion"], "betelgeuse in_constellation orion",
  check=hop("betelgeuse", ("in_constellation", "o")))
g(i(), F, "lookup", "What does Charon orbit?", ["pluto"], "charon orbits pluto", check=hop("charon", ("orbits", "o")))
g(i(), F, "lookup", "Who discovered Pluto?", ["clyde_tombaugh"], "pluto discovered_by clyde_tombaugh",
  check=hop("pluto", ("discovered_by", "o")))
g(i(), F, "lookup", "What star does Proxima Centauri b orbit?", ["proxima_centauri"], "proxima_centauri_b orbits proxima_centauri",
  check=hop("proxima_centauri_b", ("orbits", "o")))
g(i(), F, "lookup", "Which bodies did New Horizons visit?", ["jupiter", "pluto", "charon", "arrokoth"],
  "new_horizons visited jupiter, pluto, charon, arrokoth", check=hop("new_horizons", ("visited", "o")))
g(i(), F, "lookup", "What did the Dawn spacecraft visit?", ["mars", "vesta", "ceres"], "dawn visited mars, vesta, ceres",
  check=hop("dawn", ("visited", "o")))
g(i(), F, "lookup", "What is the atmosphere of Mars made of?", ["carbon_dioxide", "nitrogen", "argon"],
  "mars atmosphere_contains carbon_dioxide, nitrogen, argon", check=hop("mars", ("atmosphere_contains", "o")))
g(i(), F, "lookup", "Who was in the crew of Apollo 11?", ["neil_armstrong", "buzz_aldrin", "michael_collins"],
  "apollo_11 crew neil_armstrong, buzz_aldrin, michael_collins", check=hop("apollo_11", ("crew", "o")))
g(i(), F, "lookup", "What did DART impact?", ["dimorphos"], "dart impacted dimorphos", check=hop("dart", ("impacted", "o")))
g(i(), F, "lookup", "Which moons orbit Earth?", ["luna"],
  "luna orbits earth (luna is-a regular_moon); iss and hubble also orbit earth but are spacecraft, not moons",
  check=moons_of("earth"))
g(i(), F, "lookup", "Which crater did Perseverance land in?", ["jezero_crater"], "perseverance landing_site jezero_crater",
  check=hop("perseverance", ("landing_site", "o")))
g(i(), F, "lookup", "What does Dimorphos orbit?", ["didymos"], "dimorphos orbits didymos", check=hop("dimorphos", ("orbits", "o")))

# ---------------------------------------------------------------- path
g(i(), F, "path", "Which planet does the moon discovered by Christiaan Huygens orbit?", ["saturn"],
  "titan discovered_by christiaan_huygens; titan orbits saturn",
  check=hop("christiaan_huygens", ("discovered_by", "s"), ("orbits", "o")))
g(i(), F, "path", "In which city was the discoverer of Titan born?", ["the_hague"],
  "titan discovered_by christiaan_huygens; christiaan_huygens born_in the_hague",
  check=hop("titan", ("discovered_by", "o"), ("born_in", "o")))
g(i(), F, "path", "Which spacecraft visited the planet that Titan orbits?", ["cassini", "pioneer_11", "voyager_1", "voyager_2"],
  "titan orbits saturn; cassini, pioneer_11, voyager_1, voyager_2 visited saturn",
  check=hop("titan", ("orbits", "o"), ("visited", "s")))
g(i(), F, "path", "What gases are in the atmosphere of the body the Huygens probe landed on?", ["nitrogen", "methane"],
  "huygens landed_on titan; titan atmosphere_contains nitrogen, methane",
  check=hop("huygens", ("landed_on", "o"), ("atmosphere_contains", "o")))
g(i(), F, "path", "Which agency operated the spacecraft that impacted Dimorphos?", ["nasa"],
  "dart impacted dimorphos; dart operated_by nasa", check=hop("dimorphos", ("impacted", "s"), ("operated_by", "o")))
g(i(), F, "path", "What does the asteroid that Dactyl orbits itself orbit?", ["sun"], "dactyl orbits ida; ida orbits sun",
  check=hop("dactyl", ("orbits", "o"), ("orbits", "o")))
g(i(), F, "path", "Who discovered the moons of Mars?", ["asaph_hall"],
  "phobos, deimos orbits mars; both discovered_by asaph_hall", check=hop("mars", ("orbits", "s"), ("discovered_by", "o")))
g(i(), F, "path", "In which constellation is the star that TRAPPIST-1e orbits?", ["aquarius"],
  "trappist_1e orbits trappist_1; trappist_1 in_constellation aquarius",
  check=hop("trappist_1e", ("orbits", "o"), ("in_constellation", "o")))
g(i(), F, "path", "In what year was the astronomer who discovered Pluto born?", ["1906"],
  "pluto discovered_by clyde_tombaugh; clyde_tombaugh birth_year 1906",
  check=hop("pluto", ("discovered_by", "o"), ("birth_year", "o")))
g(i(), F, "path", "Which moons orbit the planet that Johann Galle discovered?", ["triton", "nereid", "proteus", "larissa"],
  "neptune discovered_by johann_galle; triton, nereid, proteus, larissa orbits neptune",
  check=lambda K: {m for p in K.s("discovered_by", "johann_galle") for m in moons_of(p)(K)})
g(i(), F, "path", "In which country was Galileo Galilei born?", ["italy"],
  "galileo_galilei born_in pisa; pisa located_in italy", check=hop("galileo_galilei", ("born_in", "o"), ("located_in", "o")))

# ---------------------------------------------------------------- rule
g(i(), F, "rule", "Is Io a natural satellite?", ["yes"],
  "io is-a galilean_moon is-a regular_moon is-a moon is-a natural_satellite", check=rule_yes("io", "is-a", "natural_satellite"))
g(i(), F, "rule", "Is Earth part of the Milky Way?", ["yes"],
  "earth part-of solar_system part-of orion_arm part-of milky_way", check=rule_yes("earth", "part-of", "milky_way"))
g(i(), F, "rule", "Is Jupiter a planet?", ["yes"], "jupiter is-a gas_giant is-a giant_planet is-a planet",
  check=rule_yes("jupiter", "is-a", "planet"))
g(i(), F, "rule", "Is Pan a moon?", ["yes"], "pan is-a shepherd_moon is-a inner_moon is-a regular_moon is-a moon",
  check=rule_yes("pan", "is-a", "moon"))
g(i(), F, "rule", "Is Bennu a small Solar System body?", ["yes"],
  "bennu is-a apollo_asteroid is-a near_earth_asteroid is-a asteroid is-a small_solar_system_body",
  check=rule_yes("bennu", "is-a", "small_solar_system_body"))
g(i(), F, "rule", "Find out whether the Sun is a star.", ["yes"],
  "sun is-a g_type_main_sequence_star is-a main_sequence_star is-a star", criteria="star", check=rule_yes("sun", "is-a", "star"))
g(i(), F, "rule", "Which galaxy group is the Solar System part of?", ["local_group"],
  "solar_system part-of orion_arm part-of milky_way part-of local_group; local_group is-a galaxy_group",
  check=lambda K: {x for x in K.o("solar_system", "part-of") if K.has(x, "is-a", "galaxy_group")})
g(i(), F, "rule", "Is Proxima Centauri in the Milky Way?", ["yes"],
  "proxima_centauri part-of alpha_centauri_system; alpha_centauri_system part-of milky_way",
  check=rule_yes("proxima_centauri", "part-of", "milky_way"))
g(i(), F, "rule", "Is TRAPPIST-1e a planet?", ["yes"], "trappist_1e is-a rocky_exoplanet is-a exoplanet is-a planet",
  check=rule_yes("trappist_1e", "is-a", "planet"))
g(i(), F, "rule", "Is Curiosity a spacecraft?", ["yes"], "curiosity is-a rover; rover is-a spacecraft",
  check=rule_yes("curiosity", "is-a", "spacecraft"))
g(i(), F, "rule", "Is Triton an astronomical object?", ["yes"],
  "triton is-a irregular_moon is-a moon is-a natural_satellite is-a astronomical_object",
  check=rule_yes("triton", "is-a", "astronomical_object"))
g(i(), F, "rule", "Is the Andromeda Galaxy part of the Virgo Supercluster?", ["yes"],
  "andromeda_galaxy part-of local_group; local_group part-of virgo_supercluster",
  check=rule_yes("andromeda_galaxy", "part-of", "virgo_supercluster"))

# ---------------------------------------------------------------- unanswerable
g(i(), F, "unanswerable", "Who discovered Mercury?", [], "mercury has no discovered_by (known since antiquity)",
  complete=False, check=none("mercury", "discovered_by"))
g(i(), F, "unanswerable", "What gases are in Mercury's atmosphere?", [], "mercury has no atmosphere_contains",
  complete=False, check=none("mercury", "atmosphere_contains"))
g(i(), F, "unanswerable", "What was the radius of Comet Shoemaker–Levy 9?", [], "shoemaker_levy_9 has no radius_km",
  complete=False, check=none("shoemaker_levy_9", "radius_km"))
g(i(), F, "unanswerable", "When was Halley's Comet discovered?", [],
  "halleys_comet has no discovered_in / discovered_by (only named_after edmond_halley)", complete=False,
  check=lambda K: K.o("halleys_comet", "discovered_in") | K.o("halleys_comet", "discovered_by"))
g(i(), F, "unanswerable", "What is the mass of Jupiter?", [], "no mass facts in the graph", complete=False,
  check=lambda K: {o for s, p, o in K.base if "mass" in p})
g(i(), F, "unanswerable", "Who discovered Adrastea?", [], "adrastea discovered_in 1979 but no discovered_by",
  complete=False, check=none("adrastea", "discovered_by"))
g(i(), F, "unanswerable", "When will Europa Clipper arrive at Europa?", [],
  "europa_clipper destination europa, launched_in 2024; no arrival fact", complete=False, check=none("europa_clipper", "arrived_in"))
g(i(), F, "unanswerable", "Where was Mike Brown born?", [], "mike_brown has birth_year 1965 but no born_in",
  complete=False, check=none("mike_brown", "born_in"))

# ---------------------------------------------------------------- decoy
g(i(), F, "decoy", "Find the moons that orbit Venus", [],
  "nothing orbits venus in the graph; phobos orbits mars", criteria="phobos", complete=False,
  check=lambda K: set(K.s("orbits", "venus")))
g(i(), F, "decoy", "Which moons orbit Mars?", ["phobos", "deimos"], "phobos, deimos orbits mars; io orbits jupiter",
  criteria="phobos, deimos, io", complete=False, check=moons_of("mars"))
g(i(), F, "decoy", "What is the radius of Earth in kilometres?", ["6371"], "earth radius_km 6371",
  criteria="6731", complete=False, check=hop("earth", ("radius_km", "o")))
g(i(), F, "decoy", "Who discovered Titan?", ["christiaan_huygens"],
  "titan discovered_by christiaan_huygens; Galileo discovered the Galilean moons", criteria="Galileo Galilei",
  complete=False, check=hop("titan", ("discovered_by", "o")))
g(i(), F, "decoy", "What does Triton orbit?", ["neptune"], "triton orbits neptune", criteria="Uranus", complete=False,
  check=hop("triton", ("orbits", "o")))
g(i(), F, "decoy", "Which spacecraft visited Uranus?", ["voyager_2"], "only voyager_2 visited uranus",
  criteria="Voyager 1", complete=False, check=hop("uranus", ("visited", "s")))
g(i(), F, "decoy", "What is Mercury's orbital period in days?", ["87.97"], "mercury orbital_period_days 87.97",
  criteria="88.97", complete=False, check=hop("mercury", ("orbital_period_days", "o")))
g(i(), F, "decoy", "When was Neptune discovered?", ["1846"], "neptune discovered_in 1846", criteria="1864",
  complete=False, check=hop("neptune", ("discovered_in", "o")))
g(i(), F, "decoy", "What gases are in the atmosphere of Venus?", ["carbon_dioxide", "nitrogen"],
  "venus atmosphere_contains carbon_dioxide, nitrogen; no oxygen", criteria="carbon dioxide, oxygen", complete=False,
  check=hop("venus", ("atmosphere_contains", "o")))
g(i(), F, "decoy", "Who discovered Eris?", ["mike_brown", "chad_trujillo", "david_rabinowitz"],
  "eris discovered_by mike_brown, chad_trujillo, david_rabinowitz; Tombaugh discovered Pluto",
  criteria="Clyde Tombaugh", complete=False, check=hop("eris", ("discovered_by", "o")))
g(i(), F, "decoy", "What is Jupiter's radius in km?", ["69911"], "jupiter radius_km 69911 (criteria is a prefix of it)",
  criteria="6991", complete=False, check=hop("jupiter", ("radius_km", "o")))

# ---------------------------------------------------------------- yes/no
g(i(), F, "yesno", "Does Titan orbit Jupiter?", ["no"], "titan orbits saturn; orbits is functional",
  check=func_no("titan", "orbits", "jupiter"))
g(i(), F, "yesno", "Does Europa orbit Jupiter?", ["yes"], "europa orbits jupiter", check=yes("europa", "orbits", "jupiter"))
g(i(), F, "yesno", "Did Voyager 2 visit Neptune?", ["yes"], "voyager_2 visited neptune", check=yes("voyager_2", "visited", "neptune"))
g(i(), F, "yesno", "Did Voyager 1 visit Uranus?", ["unknown"],
  "no voyager_1 visited uranus fact; visited is not functional, so the graph cannot prove no", complete=False,
  check=unknown("voyager_1", "visited", "uranus"))
g(i(), F, "yesno", "Is the radius of Mars 3389.5 km?", ["yes"], "mars radius_km 3389.5", check=yes("mars", "radius_km", "3389.5"))
g(i(), F, "yesno", "Was Pluto discovered in 1930?", ["yes"], "pluto discovered_in 1930", check=yes("pluto", "discovered_in", "1930"))
g(i(), F, "yesno", "Was Uranus discovered in 1846?", ["no"], "uranus discovered_in 1781; discovered_in is functional",
  check=func_no("uranus", "discovered_in", "1846"))
g(i(), F, "yesno", "Does Earth's atmosphere contain oxygen?", ["yes"], "earth atmosphere_contains oxygen",
  check=yes("earth", "atmosphere_contains", "oxygen"))
g(i(), F, "yesno", "Does the atmosphere of Mars contain oxygen?", ["unknown"],
  "mars atmosphere_contains carbon_dioxide, nitrogen, argon; the predicate is multi-valued, so not provably no",
  complete=False, check=unknown("mars", "atmosphere_contains", "oxygen"))
g(i(), F, "yesno", "Was Titan discovered by Galileo Galilei?", ["unknown"],
  "titan discovered_by christiaan_huygens; discovered_by is multi-valued (co-discoveries), so not provably no",
  complete=False, check=unknown("titan", "discovered_by", "galileo_galilei"))
g(i(), F, "yesno", "Is Betelgeuse in the constellation Lyra?", ["no"], "betelgeuse in_constellation orion; in_constellation is functional",
  check=func_no("betelgeuse", "in_constellation", "lyra"))
g(i(), F, "yesno", "Was the Hubble Space Telescope launched in 1990?", ["yes"], "hubble launched_in 1990",
  check=yes("hubble", "launched_in", "1990"))

# ---------------------------------------------------------------- number
g(i(), F, "number", "What is the radius of Earth in kilometres?", ["6371"], "earth radius_km 6371",
  check=hop("earth", ("radius_km", "o")))
g(i(), F, "number", "How many days does Neptune take to orbit the Sun?", ["60195"], "neptune orbital_period_days 60195",
  check=hop("neptune", ("orbital_period_days", "o")))
g(i(), F, "number", "In what year was Titan discovered?", ["1655"], "titan discovered_in 1655", criteria="1655",
  check=hop("titan", ("discovered_in", "o")))
g(i(), F, "number", "How far away is Proxima Centauri in light years?", ["4.2465"], "proxima_centauri distance_light_years 4.2465",
  check=hop("proxima_centauri", ("distance_light_years", "o")))
g(i(), F, "number", "When was New Horizons launched?", ["2006"], "new_horizons launched_in 2006",
  check=hop("new_horizons", ("launched_in", "o")))
g(i(), F, "number", "What is the orbital period of the asteroid (170340) 2002 JE94, in days?", ["2030.4"],
  "mp_170340 (synthetic catalogue entry, label (170340) 2002 JE94) orbital_period_days 2030.4",
  check=hop("mp_170340", ("orbital_period_days", "o")))

# ---------------------------------------------------------------- multiword
g(i(), F, "multiword", "Who discovered Proxima Centauri b?", ["guillem_anglada_escude"],
  "proxima_centauri_b discovered_by guillem_anglada_escude (label Guillem Anglada-Escudé)",
  check=hop("proxima_centauri_b", ("discovered_by", "o")))
g(i(), F, "multiword", "What does the International Space Station orbit?", ["earth"], "iss orbits earth",
  check=hop("iss", ("orbits", "o")))
g(i(), F, "multiword", "Which bodies did the Galileo spacecraft visit?",
  ["venus", "gaspra", "ida", "jupiter", "io", "europa", "ganymede", "callisto"],
  "galileo_spacecraft (label Galileo; not galileo_galilei) visited venus, gaspra, ida, jupiter, io, europa, ganymede, callisto",
  check=hop("galileo_spacecraft", ("visited", "o")))
g(i(), F, "multiword", "When was the James Webb Space Telescope launched?", ["2021"], "jwst launched_in 2021",
  check=hop("jwst", ("launched_in", "o")))
g(i(), F, "multiword", "What did Chang'e 4 land on?", ["luna"], "change_4 landed_on luna (label Chang'e 4; luna label Moon)",
  check=hop("change_4", ("landed_on", "o")))
g(i(), F, "multiword", "Who discovered Comet Hale–Bopp?", ["alan_hale", "thomas_bopp"],
  "hale_bopp discovered_by alan_hale, thomas_bopp", check=hop("hale_bopp", ("discovered_by", "o")))
g(i(), F, "multiword", "Who discovered 3 Juno?", ["karl_ludwig_harding"],
  "juno_asteroid (label 3 Juno; not the Juno spacecraft) discovered_by karl_ludwig_harding",
  check=hop("juno_asteroid", ("discovered_by", "o")))
g(i(), F, "multiword", "What does the Moon orbit?", ["earth"], "luna (label Moon, alias the Moon) orbits earth; moon is the class",
  check=hop("luna", ("orbits", "o")))

# ---------------------------------------------------------------- paraphrase
g(i(), F, "paraphrase", "What are the natural satellites of Mars?", ["phobos", "deimos"], "phobos, deimos orbits mars",
  check=moons_of("mars"))
g(i(), F, "paraphrase", "Which probes have flown past Uranus?", ["voyager_2"], "voyager_2 visited uranus",
  check=hop("uranus", ("visited", "s")))
g(i(), F, "paraphrase", "What is Titan's air made of?", ["nitrogen", "methane"], "titan atmosphere_contains nitrogen, methane",
  check=hop("titan", ("atmosphere_contains", "o")))
g(i(), F, "paraphrase", "Who first spotted Charon?", ["james_christy"], "charon discovered_by james_christy",
  check=hop("charon", ("discovered_by", "o")))
g(i(), F, "paraphrase", "How big is Ganymede, in kilometres of radius?", ["2634.1"], "ganymede radius_km 2634.1",
  check=hop("ganymede", ("radius_km", "o")))
g(i(), F, "paraphrase", "What circles Pluto?", ["charon", "nix", "hydra", "kerberos", "styx"],
  "charon, nix, hydra, kerberos, styx orbits pluto", check=hop("pluto", ("orbits", "s")))
g(i(), F, "paraphrase", "When did Cassini get to Saturn?", ["2004"], "cassini arrived_in 2004 (cassini visited saturn)",
  check=hop("cassini", ("arrived_in", "o")))

run(K, os.path.join(DATA, "goals", "astronomy.jsonl"))

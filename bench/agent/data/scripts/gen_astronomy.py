"""Writes kb/astronomy.csv: the Solar System, nearby stars and exoplanets,
spacecraft, discoverers, and a synthetic catalogue of minor planets.

Conventions: `body orbits primary` (functional), `radius_km` is the mean
radius, `orbital_period_days` is sidereal, `discovered_in` a year,
`discovered_by` a person or survey (several for co-discoveries),
`spacecraft visited body` (flyby, orbit or landing), `landed_on` for landers,
`atmosphere_contains` for the main gases. Structure above the Solar System
is `part-of` (Earth part-of Solar System part-of Orion Arm part-of Milky Way
...). Earth's moon has the id `luna` (label "Moon"); `moon` is the class.

The catalogued asteroids `mp_<number>` are SYNTHETIC filler (seeded, so the
file is reproducible); every named body is modelled on real data.
"""

import os
import random
import sys

sys.path.insert(0, os.path.dirname(__file__))
from kbwriter import KB  # noqa: E402

kb = KB()
for p in ["orbits", "radius_km", "orbital_period_days", "discovered_in", "launched_in", "born_in",
          "in_constellation", "semi_major_axis_au", "distance_light_years", "spectral_type"]:
    kb.functional(p)

# ---------------------------------------------------------------- classes
CLASSES = [  # id, name, parent
    ("astronomical_object", "astronomical object", None),
    ("star", "star", "astronomical_object"),
    ("main_sequence_star", "main-sequence star", "star"),
    ("g_type_main_sequence_star", "G-type main-sequence star", "main_sequence_star"),
    ("a_type_main_sequence_star", "A-type main-sequence star", "main_sequence_star"),
    ("k_type_main_sequence_star", "K-type main-sequence star", "main_sequence_star"),
    ("red_dwarf", "red dwarf", "main_sequence_star"),
    ("ultracool_dwarf", "ultracool dwarf", "red_dwarf"),
    ("supergiant", "supergiant star", "star"),
    ("red_supergiant", "red supergiant", "supergiant"),
    ("blue_supergiant", "blue supergiant", "supergiant"),
    ("yellow_supergiant", "yellow supergiant", "supergiant"),
    ("planet", "planet", "astronomical_object"),
    ("terrestrial_planet", "terrestrial planet", "planet"),
    ("giant_planet", "giant planet", "planet"),
    ("gas_giant", "gas giant", "giant_planet"),
    ("ice_giant", "ice giant", "giant_planet"),
    ("exoplanet", "exoplanet", "planet"),
    ("hot_jupiter", "hot Jupiter", "exoplanet"),
    ("rocky_exoplanet", "rocky exoplanet", "exoplanet"),
    ("dwarf_planet", "dwarf planet", "astronomical_object"),
    ("plutoid", "plutoid", "dwarf_planet"),
    ("natural_satellite", "natural satellite", "astronomical_object"),
    ("moon", "moon", "natural_satellite"),
    ("regular_moon", "regular moon", "moon"),
    ("irregular_moon", "irregular moon", "moon"),
    ("galilean_moon", "Galilean moon", "regular_moon"),
    ("inner_moon", "inner moon", "regular_moon"),
    ("shepherd_moon", "shepherd moon", "inner_moon"),
    ("asteroid_moon", "asteroid moon", "moon"),
    ("small_solar_system_body", "small Solar System body", "astronomical_object"),
    ("asteroid", "asteroid", "small_solar_system_body"),
    ("main_belt_asteroid", "main-belt asteroid", "asteroid"),
    ("near_earth_asteroid", "near-Earth asteroid", "asteroid"),
    ("apollo_asteroid", "Apollo asteroid", "near_earth_asteroid"),
    ("amor_asteroid", "Amor asteroid", "near_earth_asteroid"),
    ("jupiter_trojan", "Jupiter trojan", "asteroid"),
    ("trans_neptunian_object", "trans-Neptunian object", "small_solar_system_body"),
    ("kuiper_belt_object", "Kuiper belt object", "trans_neptunian_object"),
    ("comet", "comet", "small_solar_system_body"),
    ("periodic_comet", "periodic comet", "comet"),
    ("galaxy", "galaxy", "astronomical_object"),
    ("spiral_galaxy", "spiral galaxy", "galaxy"),
    ("barred_spiral_galaxy", "barred spiral galaxy", "spiral_galaxy"),
    ("irregular_galaxy", "irregular galaxy", "galaxy"),
    ("dwarf_galaxy", "dwarf galaxy", "galaxy"),
    ("galaxy_group", "galaxy group", "astronomical_object"),
    ("supercluster", "galaxy supercluster", "astronomical_object"),
    ("planetary_system", "planetary system", "astronomical_object"),
    ("star_system", "star system", "astronomical_object"),
    ("constellation", "constellation", None),
    ("spacecraft", "spacecraft", None),
    ("space_probe", "space probe", "spacecraft"),
    ("orbiter", "orbiter", "space_probe"),
    ("lander", "lander", "spacecraft"),
    ("rover", "rover", "spacecraft"),
    ("atmospheric_probe", "atmospheric probe", "space_probe"),
    ("impactor", "impactor", "space_probe"),
    ("space_telescope", "space telescope", "spacecraft"),
    ("space_station", "space station", "spacecraft"),
    ("crewed_spacecraft", "crewed spacecraft", "spacecraft"),
    ("rotorcraft", "rotorcraft", "spacecraft"),
    ("space_agency", "space agency", None),
    ("astronomer", "astronomer", None),
    ("asteroid_survey", "asteroid survey", None),
    ("chemical_substance", "chemical substance", None),
]
for cid, name, parent in CLASSES:
    kb.label(cid, name)
    if parent:
        kb.add(cid, "is-a", parent)

# ---------------------------------------------------------------- people and surveys
PEOPLE = {  # id: (name, birth year, born in (id, name) or None)
    "galileo_galilei": ("Galileo Galilei", 1564, ("pisa", "Pisa")),
    "christiaan_huygens": ("Christiaan Huygens", 1629, ("the_hague", "The Hague")),
    "giovanni_cassini": ("Giovanni Domenico Cassini", 1625, ("perinaldo", "Perinaldo")),
    "william_herschel": ("William Herschel", 1738, ("hanover", "Hanover")),
    "william_lassell": ("William Lassell", 1799, ("bolton", "Bolton")),
    "johann_galle": ("Johann Gottfried Galle", 1812, None),
    "urbain_le_verrier": ("Urbain Le Verrier", 1811, ("saint_lo", "Saint-Lô")),
    "asaph_hall": ("Asaph Hall", 1829, ("goshen_connecticut", "Goshen, Connecticut")),
    "edward_emerson_barnard": ("Edward Emerson Barnard", 1857, ("nashville", "Nashville")),
    "charles_dillon_perrine": ("Charles Dillon Perrine", 1867, None),
    "seth_barnes_nicholson": ("Seth Barnes Nicholson", 1891, None),
    "philibert_jacques_melotte": ("Philibert Jacques Melotte", 1880, None),
    "charles_kowal": ("Charles Kowal", 1940, None),
    "william_henry_pickering": ("William Henry Pickering", 1858, None),
    "william_cranch_bond": ("William Cranch Bond", 1789, None),
    "george_phillips_bond": ("George Phillips Bond", 1825, None),
    "audouin_dollfus": ("Audouin Dollfus", 1924, None),
    "richard_walker": ("Richard L. Walker", 1938, None),
    "gerard_kuiper": ("Gerard Kuiper", 1905, None),
    "stephen_synnott": ("Stephen P. Synnott", 1946, None),
    "clyde_tombaugh": ("Clyde Tombaugh", 1906, ("streator", "Streator, Illinois")),
    "james_christy": ("James Christy", 1938, None),
    "mike_brown": ("Mike Brown", 1965, None),
    "chad_trujillo": ("Chad Trujillo", 1973, None),
    "david_rabinowitz": ("David Rabinowitz", 1960, None),
    "jose_luis_ortiz": ("José Luis Ortiz", None, None),
    "mark_showalter": ("Mark Showalter", None, None),
    "hal_weaver": ("Hal Weaver", None, None),
    "alex_parker": ("Alex Parker", None, None),
    "giuseppe_piazzi": ("Giuseppe Piazzi", 1746, ("ponte_in_valtellina", "Ponte in Valtellina")),
    "heinrich_olbers": ("Heinrich Wilhelm Olbers", 1758, ("arbergen", "Arbergen")),
    "karl_ludwig_harding": ("Karl Ludwig Harding", 1765, None),
    "annibale_de_gasparis": ("Annibale de Gasparis", 1819, None),
    "johann_palisa": ("Johann Palisa", 1848, None),
    "grigory_neujmin": ("Grigory Neujmin", 1886, None),
    "gustav_witt": ("Gustav Witt", 1866, None),
    "petr_pravec": ("Petr Pravec", None, None),
    "marc_buie": ("Marc Buie", None, None),
    "alan_hale": ("Alan Hale", 1958, None),
    "thomas_bopp": ("Thomas Bopp", 1949, None),
    "klim_churyumov": ("Klim Churyumov", 1937, None),
    "svetlana_gerasimenko": ("Svetlana Gerasimenko", 1945, None),
    "carolyn_shoemaker": ("Carolyn Shoemaker", 1929, None),
    "eugene_shoemaker": ("Eugene Shoemaker", 1928, None),
    "david_levy": ("David Levy", 1948, None),
    "edmond_halley": ("Edmond Halley", 1656, ("haggerston", "Haggerston")),
    "michel_mayor": ("Michel Mayor", 1942, ("lausanne", "Lausanne")),
    "didier_queloz": ("Didier Queloz", 1966, None),
    "guillem_anglada_escude": ("Guillem Anglada-Escudé", 1979, None),
    "michael_gillon": ("Michaël Gillon", None, None),
    "elisa_quintana": ("Elisa Quintana", None, None),
    "jon_jenkins": ("Jon Jenkins", None, None),
    "ann_harch": ("Ann Harch", None, None),
    "roy_tucker": ("Roy Tucker", 1951, None),
    "david_tholen": ("David J. Tholen", 1955, None),
    "fabrizio_bernardi": ("Fabrizio Bernardi", None, None),
    "edwin_hubble": ("Edwin Hubble", 1889, ("marshfield_missouri", "Marshfield, Missouri")),
    "neil_armstrong": ("Neil Armstrong", 1930, ("wapakoneta", "Wapakoneta, Ohio")),
    "buzz_aldrin": ("Buzz Aldrin", 1930, ("glen_ridge", "Glen Ridge, New Jersey")),
}
for pid, (name, year, place) in PEOPLE.items():
    kb.label(pid, name)
    kb.add(pid, "is-a", "astronaut" if pid in ("neil_armstrong", "buzz_aldrin") else "astronomer")
    if year:
        kb.add(pid, "birth_year", year)
    if place:
        kb.label(place[0], place[1])
        kb.add(pid, "born_in", place[0])
        kb.add(place[0], "is-a", "city")
kb.add("galileo_galilei", "alias", "Galileo")
kb.add("william_herschel", "alias", "Friedrich Wilhelm Herschel")
kb.add("giovanni_cassini", "alias", "Jean-Dominique Cassini")
kb.add("buzz_aldrin", "alias", "Edwin Aldrin")
for cid, country in [("pisa", "italy"), ("the_hague", "netherlands"), ("perinaldo", "italy"), ("hanover", "germany"),
                     ("bolton", "united_kingdom"), ("saint_lo", "france"), ("lausanne", "switzerland")]:
    kb.add(cid, "located_in", country)
for cid, name in [("italy", "Italy"), ("netherlands", "Netherlands"), ("germany", "Germany"),
                  ("united_kingdom", "United Kingdom"), ("france", "France"), ("switzerland", "Switzerland")]:
    kb.label(cid, name)
kb.add("astronaut", "is-a", "person")
kb.add("astronomer", "is-a", "person")

SURVEYS = [("linear", "LINEAR"), ("spacewatch", "Spacewatch"), ("neat", "NEAT"),
           ("catalina_sky_survey", "Catalina Sky Survey"), ("pan_starrs", "Pan-STARRS"),
           ("mount_lemmon_survey", "Mount Lemmon Survey"), ("loneos", "LONEOS")]
for sid, name in SURVEYS:
    kb.label(sid, name)
    kb.add(sid, "is-a", "asteroid_survey")
kb.add("linear", "alias", "Lincoln Near-Earth Asteroid Research")

AGENCIES = [("nasa", "NASA"), ("esa", "European Space Agency"), ("jaxa", "JAXA"), ("isro", "ISRO"),
            ("cnsa", "China National Space Administration"), ("soviet_space_program", "Soviet space program"),
            ("csa", "Canadian Space Agency")]
for aid, name in AGENCIES:
    kb.label(aid, name)
    kb.add(aid, "is-a", "space_agency")
kb.alias("esa", "ESA")
kb.alias("cnsa", "CNSA")
kb.alias("jaxa", "Japan Aerospace Exploration Agency")
kb.alias("isro", "Indian Space Research Organisation")

# ---------------------------------------------------------------- the Sun and planets
kb.label("sun", "Sun")
kb.alias("sun", "Sol")
kb.add("sun", "is-a", "g_type_main_sequence_star")
kb.add("sun", "radius_km", 696340)
kb.add("sun", "surface_temperature_k", 5772)
kb.add("sun", "age_billion_years", 4.6)
kb.add("sun", "spectral_type", "g2v")
kb.label("g2v", "G2V")
kb.add("sun", "part-of", "solar_system")
kb.label("solar_system", "Solar System")
kb.add("solar_system", "is-a", "planetary_system")
for part, whole in [("solar_system", "orion_arm"), ("orion_arm", "milky_way"), ("milky_way", "local_group"),
                    ("local_group", "virgo_supercluster"), ("virgo_supercluster", "laniakea_supercluster"),
                    ("andromeda_galaxy", "local_group"), ("triangulum_galaxy", "local_group"),
                    ("large_magellanic_cloud", "local_group"), ("small_magellanic_cloud", "local_group"),
                    ("asteroid_belt", "solar_system"), ("kuiper_belt", "solar_system"), ("oort_cloud", "solar_system")]:
    kb.add(part, "part-of", whole)
for gid, name, kind in [("orion_arm", "Orion Arm", None), ("milky_way", "Milky Way", "barred_spiral_galaxy"),
                        ("local_group", "Local Group", "galaxy_group"),
                        ("virgo_supercluster", "Virgo Supercluster", "supercluster"),
                        ("laniakea_supercluster", "Laniakea Supercluster", "supercluster"),
                        ("andromeda_galaxy", "Andromeda Galaxy", "barred_spiral_galaxy"),
                        ("triangulum_galaxy", "Triangulum Galaxy", "spiral_galaxy"),
                        ("large_magellanic_cloud", "Large Magellanic Cloud", "dwarf_galaxy"),
                        ("small_magellanic_cloud", "Small Magellanic Cloud", "dwarf_galaxy"),
                        ("asteroid_belt", "asteroid belt", None), ("kuiper_belt", "Kuiper belt", None),
                        ("oort_cloud", "Oort cloud", None)]:
    kb.label(gid, name)
    if kind:
        kb.add(gid, "is-a", kind)
kb.alias("orion_arm", "Orion Spur")
kb.alias("andromeda_galaxy", "M31")
kb.alias("triangulum_galaxy", "M33")
kb.add("andromeda_galaxy", "distance_light_years", 2537000)
kb.add("triangulum_galaxy", "distance_light_years", 2730000)
kb.add("large_magellanic_cloud", "distance_light_years", 163000)
kb.add("small_magellanic_cloud", "distance_light_years", 200000)
kb.add("andromeda_galaxy", "in_constellation", "andromeda")
kb.add("triangulum_galaxy", "in_constellation", "triangulum")
kb.add("large_magellanic_cloud", "in_constellation", "dorado")
kb.add("milky_way", "diameter_light_years", 87400)
kb.add("andromeda_galaxy", "diameter_light_years", 152000)
kb.add("andromeda_galaxy", "discovered_by", "abd_al_rahman_al_sufi")
kb.add("andromeda_galaxy", "discovered_in", 964)
kb.label("abd_al_rahman_al_sufi", "ʿAbd al-Rahman al-Sufi")
kb.add("abd_al_rahman_al_sufi", "is-a", "astronomer")
kb.alias("abd_al_rahman_al_sufi", "Azophi")

# id, name, class, radius km, period days, semi-major axis AU, discovered (year, [people]) or None
PLANETS = [
    ("mercury", "Mercury", "terrestrial_planet", 2439.7, 87.97, 0.387, None),
    ("venus", "Venus", "terrestrial_planet", 6051.8, 224.7, 0.723, None),
    ("earth", "Earth", "terrestrial_planet", 6371, 365.26, 1.0, None),
    ("mars", "Mars", "terrestrial_planet", 3389.5, 686.98, 1.524, None),
    ("jupiter", "Jupiter", "gas_giant", 69911, 4332.59, 5.203, None),
    ("saturn", "Saturn", "gas_giant", 58232, 10759.22, 9.537, None),
    ("uranus", "Uranus", "ice_giant", 25362, 30688.5, 19.19, (1781, ["william_herschel"])),
    ("neptune", "Neptune", "ice_giant", 24622, 60195, 30.07, (1846, ["johann_galle", "urbain_le_verrier"])),
]
for pid, name, cls, r, period, a, disc in PLANETS:
    kb.label(pid, name)
    kb.add(pid, "is-a", cls)
    kb.add(pid, "orbits", "sun")
    kb.add(pid, "radius_km", r)
    kb.add(pid, "orbital_period_days", period)
    kb.add(pid, "semi_major_axis_au", a)
    kb.add(pid, "part-of", "solar_system")
    if disc:
        kb.add(pid, "discovered_in", disc[0])
        for who in disc[1]:
            kb.add(pid, "discovered_by", who)
for pid, hours in [("mercury", 4222.6), ("venus", 2802.0), ("earth", 24.0), ("mars", 24.7), ("jupiter", 9.9),
                   ("saturn", 10.7), ("uranus", 17.2), ("neptune", 16.1)]:
    kb.add(pid, "day_length_hours", hours)
for pid, temp in [("mercury", 167), ("venus", 464), ("earth", 15), ("mars", -65)]:
    kb.add(pid, "mean_surface_temperature_c", temp)
for pid in ["saturn", "jupiter", "uranus", "neptune"]:
    kb.add(pid, "has_feature", "ring_system")
kb.label("ring_system", "ring system")
kb.add("jupiter", "has_feature", "great_red_spot")
kb.label("great_red_spot", "Great Red Spot")
kb.add("mars", "has_feature", "olympus_mons")
kb.label("olympus_mons", "Olympus Mons")
kb.add("olympus_mons", "height_km", 21.9)
kb.add("olympus_mons", "is-a", "shield_volcano")
kb.label("shield_volcano", "shield volcano")
kb.add("mars", "has_feature", "valles_marineris")
kb.label("valles_marineris", "Valles Marineris")
kb.add("earth", "alias", "Terra")
kb.add("mars", "alias", "the Red Planet")

ATMOSPHERES = {
    "venus": ["carbon_dioxide", "nitrogen"], "earth": ["nitrogen", "oxygen", "argon"],
    "mars": ["carbon_dioxide", "nitrogen", "argon"], "jupiter": ["hydrogen", "helium"],
    "saturn": ["hydrogen", "helium"], "uranus": ["hydrogen", "helium", "methane"],
    "neptune": ["hydrogen", "helium", "methane"], "titan": ["nitrogen", "methane"],
    "pluto": ["nitrogen", "methane", "carbon_monoxide"], "triton": ["nitrogen", "methane"],
    "io": ["sulfur_dioxide"], "sun": ["hydrogen", "helium"],
}
for body, gases in ATMOSPHERES.items():
    for g in gases:
        kb.add(body, "atmosphere_contains", g)
for gid, name in [("carbon_dioxide", "carbon dioxide"), ("nitrogen", "nitrogen"), ("oxygen", "oxygen"),
                  ("argon", "argon"), ("hydrogen", "hydrogen"), ("helium", "helium"), ("methane", "methane"),
                  ("carbon_monoxide", "carbon monoxide"), ("sulfur_dioxide", "sulfur dioxide")]:
    kb.label(gid, name)
    kb.add(gid, "is-a", "chemical_substance")
for gid, formula in [("carbon_dioxide", "CO2"), ("methane", "CH4"), ("sulfur_dioxide", "SO2"),
                     ("carbon_monoxide", "CO")]:
    kb.alias(gid, formula)
for body in ["europa", "enceladus", "ganymede", "titan"]:
    kb.add(body, "has_feature", "subsurface_ocean")
kb.label("subsurface_ocean", "subsurface ocean")

# ---------------------------------------------------------------- dwarf planets
DWARFS = [  # id, name, classes, radius, period, a, region, year, discoverers
    ("ceres", "Ceres", ["dwarf_planet"], 469.7, 1680, 2.77, "asteroid_belt", 1801, ["giuseppe_piazzi"]),
    ("pluto", "Pluto", ["plutoid", "kuiper_belt_object"], 1188.3, 90560, 39.48, "kuiper_belt", 1930, ["clyde_tombaugh"]),
    ("eris", "Eris", ["plutoid"], 1163, 203830, 67.86, "scattered_disc", 2005,
     ["mike_brown", "chad_trujillo", "david_rabinowitz"]),
    ("haumea", "Haumea", ["plutoid", "kuiper_belt_object"], 780, 103774, 43.12, "kuiper_belt", 2004,
     ["mike_brown", "jose_luis_ortiz"]),
    ("makemake", "Makemake", ["plutoid", "kuiper_belt_object"], 715, 111845, 45.43, "kuiper_belt", 2005,
     ["mike_brown", "chad_trujillo", "david_rabinowitz"]),
]
kb.label("scattered_disc", "scattered disc")
kb.add("scattered_disc", "part-of", "solar_system")
for did, name, classes, r, period, a, region, year, who in DWARFS:
    kb.label(did, name)
    for c in classes:
        kb.add(did, "is-a", c)
    kb.add(did, "orbits", "sun")
    kb.add(did, "radius_km", r)
    kb.add(did, "orbital_period_days", period)
    kb.add(did, "semi_major_axis_au", a)
    kb.add(did, "located_in", region)
    kb.add(did, "discovered_in", year)
    for w in who:
        kb.add(did, "discovered_by", w)
kb.add("pluto", "alias", "134340 Pluto")
kb.add("ceres", "alias", "1 Ceres")
kb.add("pluto", "reclassified_in", 2006)
kb.add("pluto", "named_after", "pluto_roman_god")
kb.label("pluto_roman_god", "Pluto (Roman god)")
kb.add("pluto", "mean_surface_temperature_c", -229)

# ---------------------------------------------------------------- moons
# id, name, primary, classes, radius km, period days, year, discoverers
MOONS = [
    ("luna", "Moon", "earth", ["regular_moon"], 1737.4, 27.32, None, []),
    ("phobos", "Phobos", "mars", ["regular_moon"], 11.27, 0.319, 1877, ["asaph_hall"]),
    ("deimos", "Deimos", "mars", ["regular_moon"], 6.2, 1.263, 1877, ["asaph_hall"]),
    ("io", "Io", "jupiter", ["galilean_moon"], 1821.6, 1.769, 1610, ["galileo_galilei"]),
    ("europa", "Europa", "jupiter", ["galilean_moon"], 1560.8, 3.551, 1610, ["galileo_galilei"]),
    ("ganymede", "Ganymede", "jupiter", ["galilean_moon"], 2634.1, 7.155, 1610, ["galileo_galilei"]),
    ("callisto", "Callisto", "jupiter", ["galilean_moon"], 2410.3, 16.689, 1610, ["galileo_galilei"]),
    ("amalthea", "Amalthea", "jupiter", ["inner_moon"], 83.5, 0.498, 1892, ["edward_emerson_barnard"]),
    ("thebe", "Thebe", "jupiter", ["inner_moon"], 49.3, 0.675, 1979, ["stephen_synnott"]),
    ("metis", "Metis", "jupiter", ["inner_moon"], 21.5, 0.295, 1979, ["stephen_synnott"]),
    ("adrastea", "Adrastea", "jupiter", ["inner_moon"], 8.2, 0.298, 1979, []),
    ("himalia", "Himalia", "jupiter", ["irregular_moon"], 85, 250.56, 1904, ["charles_dillon_perrine"]),
    ("elara", "Elara", "jupiter", ["irregular_moon"], 43, 259.64, 1905, ["charles_dillon_perrine"]),
    ("pasiphae", "Pasiphae", "jupiter", ["irregular_moon"], 29, 743.6, 1908, ["philibert_jacques_melotte"]),
    ("sinope", "Sinope", "jupiter", ["irregular_moon"], 17.5, 758.9, 1914, ["seth_barnes_nicholson"]),
    ("lysithea", "Lysithea", "jupiter", ["irregular_moon"], 21, 259.2, 1938, ["seth_barnes_nicholson"]),
    ("carme", "Carme", "jupiter", ["irregular_moon"], 23, 702.3, 1938, ["seth_barnes_nicholson"]),
    ("ananke", "Ananke", "jupiter", ["irregular_moon"], 14, 629.8, 1951, ["seth_barnes_nicholson"]),
    ("leda", "Leda", "jupiter", ["irregular_moon"], 10, 240.92, 1974, ["charles_kowal"]),
    ("titan", "Titan", "saturn", ["regular_moon"], 2574.7, 15.945, 1655, ["christiaan_huygens"]),
    ("rhea", "Rhea", "saturn", ["regular_moon"], 763.8, 4.518, 1672, ["giovanni_cassini"]),
    ("iapetus", "Iapetus", "saturn", ["regular_moon"], 734.5, 79.32, 1671, ["giovanni_cassini"]),
    ("dione", "Dione", "saturn", ["regular_moon"], 561.4, 2.737, 1684, ["giovanni_cassini"]),
    ("tethys", "Tethys", "saturn", ["regular_moon"], 531.1, 1.888, 1684, ["giovanni_cassini"]),
    ("enceladus", "Enceladus", "saturn", ["regular_moon"], 252.1, 1.370, 1789, ["william_herschel"]),
    ("mimas", "Mimas", "saturn", ["regular_moon"], 198.2, 0.942, 1789, ["william_herschel"]),
    ("hyperion", "Hyperion", "saturn", ["regular_moon"], 135, 21.28, 1848,
     ["william_cranch_bond", "george_phillips_bond", "william_lassell"]),
    ("phoebe", "Phoebe", "saturn", ["irregular_moon"], 106.5, 550.3, 1899, ["william_henry_pickering"]),
    ("janus", "Janus", "saturn", ["inner_moon"], 89.5, 0.695, 1966, ["audouin_dollfus"]),
    ("epimetheus", "Epimetheus", "saturn", ["inner_moon"], 58.1, 0.694, 1966, ["richard_walker"]),
    ("pan", "Pan", "saturn", ["shepherd_moon"], 14.1, 0.575, 1990, ["mark_showalter"]),
    ("atlas", "Atlas", "saturn", ["shepherd_moon"], 15.1, 0.602, 1980, []),
    ("prometheus", "Prometheus", "saturn", ["shepherd_moon"], 43.1, 0.613, 1980, []),
    ("pandora", "Pandora", "saturn", ["shepherd_moon"], 40.7, 0.629, 1980, []),
    ("miranda", "Miranda", "uranus", ["regular_moon"], 235.8, 1.413, 1948, ["gerard_kuiper"]),
    ("ariel", "Ariel", "uranus", ["regular_moon"], 578.9, 2.520, 1851, ["william_lassell"]),
    ("umbriel", "Umbriel", "uranus", ["regular_moon"], 584.7, 4.144, 1851, ["william_lassell"]),
    ("titania", "Titania", "uranus", ["regular_moon"], 788.4, 8.706, 1787, ["william_herschel"]),
    ("oberon", "Oberon", "uranus", ["regular_moon"], 761.4, 13.463, 1787, ["william_herschel"]),
    ("puck", "Puck", "uranus", ["inner_moon"], 81, 0.762, 1985, ["stephen_synnott"]),
    ("triton", "Triton", "neptune", ["irregular_moon"], 1353.4, 5.877, 1846, ["william_lassell"]),
    ("nereid", "Nereid", "neptune", ["irregular_moon"], 170, 360.13, 1949, ["gerard_kuiper"]),
    ("proteus", "Proteus", "neptune", ["inner_moon"], 210, 1.122, 1989, ["stephen_synnott"]),
    ("larissa", "Larissa", "neptune", ["inner_moon"], 97, 0.555, 1989, []),
    ("charon", "Charon", "pluto", ["regular_moon"], 606, 6.387, 1978, ["james_christy"]),
    ("nix", "Nix", "pluto", ["regular_moon"], 25, 24.85, 2005, ["hal_weaver"]),
    ("hydra", "Hydra", "pluto", ["regular_moon"], 25, 38.2, 2005, ["hal_weaver"]),
    ("kerberos", "Kerberos", "pluto", ["regular_moon"], 6, 32.17, 2011, ["mark_showalter"]),
    ("styx", "Styx", "pluto", ["regular_moon"], 5, 20.16, 2012, ["mark_showalter"]),
    ("dysnomia", "Dysnomia", "eris", ["regular_moon"], 350, 15.79, 2005, ["mike_brown"]),
    ("hiiaka", "Hiʻiaka", "haumea", ["regular_moon"], 160, 49.12, 2005, ["mike_brown"]),
    ("namaka", "Namaka", "haumea", ["regular_moon"], 85, 18.28, 2005, ["mike_brown"]),
    ("mk2", "S/2015 (136472) 1", "makemake", ["regular_moon"], 88, 12.4, 2016, ["alex_parker"]),
    ("dactyl", "Dactyl", "ida", ["asteroid_moon"], 0.7, 1.54, 1994, ["ann_harch"]),
    ("dimorphos", "Dimorphos", "didymos", ["asteroid_moon"], 0.0755, 0.4958, 2003, ["petr_pravec"]),
]
for mid, name, primary, classes, r, period, year, who in MOONS:
    kb.label(mid, name)
    for c in classes:
        kb.add(mid, "is-a", c)
    kb.add(mid, "orbits", primary)
    kb.add(mid, "radius_km", r)
    kb.add(mid, "orbital_period_days", period)
    if year:
        kb.add(mid, "discovered_in", year)
    for w in who:
        kb.add(mid, "discovered_by", w)
kb.alias("luna", "the Moon")
kb.alias("luna", "Luna")
kb.alias("hiiaka", "Hiiaka")
kb.alias("mk2", "MK2")
kb.alias("charon", "Pluto I")
kb.alias("titan", "Saturn VI")
for mid in ["io", "europa", "ganymede", "callisto"]:
    kb.add(mid, "named_after", f"{mid}_mythology")
kb.label("io_mythology", "Io (mythology)")
kb.label("europa_mythology", "Europa (consort of Zeus)")
kb.label("ganymede_mythology", "Ganymede (mythology)")
kb.label("callisto_mythology", "Callisto (mythology)")
kb.add("triton", "orbit_direction", "retrograde")
kb.add("phoebe", "orbit_direction", "retrograde")
kb.add("luna", "mean_distance_km", 384400)
kb.add("io", "has_feature", "active_volcanism")
kb.label("active_volcanism", "active volcanism")
kb.add("enceladus", "has_feature", "cryovolcano")
kb.add("triton", "has_feature", "cryovolcano")

# ---------------------------------------------------------------- named small bodies
SMALL = [  # id, name, classes, orbits, radius km, period days, a (AU), year, discoverers
    ("vesta", "4 Vesta", ["main_belt_asteroid"], "sun", 262.7, 1325, 2.36, 1807, ["heinrich_olbers"]),
    ("pallas", "2 Pallas", ["main_belt_asteroid"], "sun", 256, 1686, 2.77, 1802, ["heinrich_olbers"]),
    ("juno_asteroid", "3 Juno", ["main_belt_asteroid"], "sun", 123, 1594, 2.67, 1804, ["karl_ludwig_harding"]),
    ("hygiea", "10 Hygiea", ["main_belt_asteroid"], "sun", 217, 2031, 3.14, 1849, ["annibale_de_gasparis"]),
    ("ida", "243 Ida", ["main_belt_asteroid"], "sun", 15.7, 1768, 2.86, 1884, ["johann_palisa"]),
    ("gaspra", "951 Gaspra", ["main_belt_asteroid"], "sun", 6.1, 1200, 2.21, 1916, ["grigory_neujmin"]),
    ("eros", "433 Eros", ["amor_asteroid"], "sun", 8.42, 643, 1.46, 1898, ["gustav_witt"]),
    ("bennu", "101955 Bennu", ["apollo_asteroid"], "sun", 0.245, 436.6, 1.13, 1999, ["linear"]),
    ("ryugu", "162173 Ryugu", ["apollo_asteroid"], "sun", 0.448, 474, 1.19, 1999, ["linear"]),
    ("didymos", "65803 Didymos", ["apollo_asteroid"], "sun", 0.39, 770, 1.64, 1996, ["spacewatch"]),
    ("apophis", "99942 Apophis", ["near_earth_asteroid"], "sun", 0.17, 323.6, 0.92, 2004,
     ["roy_tucker", "david_tholen", "fabrizio_bernardi"]),
    ("arrokoth", "486958 Arrokoth", ["kuiper_belt_object"], "sun", 18, 108600, 44.58, 2014, ["marc_buie"]),
    ("halleys_comet", "Halley's Comet", ["periodic_comet"], "sun", 5.5, 27510, 17.8, None, []),
    ("hale_bopp", "Comet Hale–Bopp", ["comet"], "sun", 30, 925000, 186, 1995, ["alan_hale", "thomas_bopp"]),
    ("comet_67p", "67P/Churyumov–Gerasimenko", ["periodic_comet"], "sun", 2, 2352, 3.46, 1969,
     ["klim_churyumov", "svetlana_gerasimenko"]),
    ("shoemaker_levy_9", "Comet Shoemaker–Levy 9", ["comet"], "jupiter", None, None, None, 1993,
     ["carolyn_shoemaker", "eugene_shoemaker", "david_levy"]),
]
for sid, name, classes, primary, r, period, a, year, who in SMALL:
    kb.label(sid, name)
    for c in classes:
        kb.add(sid, "is-a", c)
    kb.add(sid, "orbits", primary)
    if r is not None:
        kb.add(sid, "radius_km", r)
    if period is not None:
        kb.add(sid, "orbital_period_days", period)
    if a is not None:
        kb.add(sid, "semi_major_axis_au", a)
    if year:
        kb.add(sid, "discovered_in", year)
    for w in who:
        kb.add(sid, "discovered_by", w)
for sid in ["vesta", "pallas", "juno_asteroid", "hygiea", "ida", "gaspra"]:
    kb.add(sid, "located_in", "asteroid_belt")
kb.add("arrokoth", "located_in", "kuiper_belt")
kb.alias("vesta", "Vesta")
kb.alias("pallas", "Pallas")
kb.alias("halleys_comet", "1P/Halley")
kb.alias("halleys_comet", "Comet Halley")
kb.alias("comet_67p", "Comet 67P")
kb.alias("hale_bopp", "C/1995 O1")
kb.alias("shoemaker_levy_9", "SL9")
kb.alias("arrokoth", "Ultima Thule")
kb.add("halleys_comet", "named_after", "edmond_halley")
kb.add("shoemaker_levy_9", "collided_with", "jupiter")
kb.add("shoemaker_levy_9", "collision_year", 1994)
kb.add("halleys_comet", "last_perihelion_year", 1986)
kb.add("halleys_comet", "next_perihelion_year", 2061)
kb.add("hale_bopp", "perihelion_year", 1997)

# ---------------------------------------------------------------- stars and exoplanets
STARS = [  # id, name, classes, distance ly, constellation, spectral type
    ("proxima_centauri", "Proxima Centauri", ["red_dwarf"], 4.2465, "centaurus", "m5_5ve"),
    ("alpha_centauri_a", "Alpha Centauri A", ["g_type_main_sequence_star"], 4.37, "centaurus", "g2v"),
    ("alpha_centauri_b", "Alpha Centauri B", ["k_type_main_sequence_star"], 4.37, "centaurus", "k1v"),
    ("barnards_star", "Barnard's Star", ["red_dwarf"], 5.96, "ophiuchus", "m4v"),
    ("sirius", "Sirius", ["a_type_main_sequence_star"], 8.6, "canis_major", "a0v"),
    ("vega", "Vega", ["a_type_main_sequence_star"], 25.04, "lyra", "a0v"),
    ("tau_ceti", "Tau Ceti", ["g_type_main_sequence_star"], 11.9, "cetus", "g8v"),
    ("betelgeuse", "Betelgeuse", ["red_supergiant"], 548, "orion", "m1_2ia"),
    ("rigel", "Rigel", ["blue_supergiant"], 863, "orion", "b8ia"),
    ("polaris", "Polaris", ["yellow_supergiant"], 448, "ursa_minor", "f7ib"),
    ("trappist_1", "TRAPPIST-1", ["ultracool_dwarf"], 40.7, "aquarius", "m8v"),
    ("pegasi_51", "51 Pegasi", ["g_type_main_sequence_star"], 50.6, "pegasus", "g2iv"),
    ("kepler_186", "Kepler-186", ["red_dwarf"], 579, "cygnus", "m1v"),
    ("kepler_452", "Kepler-452", ["g_type_main_sequence_star"], 1800, "cygnus", "g2v"),
]
SPECTRAL = {"m5_5ve": "M5.5Ve", "k1v": "K1V", "m4v": "M4V", "a0v": "A0V", "g8v": "G8V", "m1_2ia": "M1-2Ia",
            "b8ia": "B8Ia", "f7ib": "F7Ib", "m8v": "M8V", "g2iv": "G2IV", "m1v": "M1V"}
for sp, name in SPECTRAL.items():
    kb.label(sp, name)
for sid, name, classes, dist, const, sp in STARS:
    kb.label(sid, name)
    for c in classes:
        kb.add(sid, "is-a", c)
    kb.add(sid, "distance_light_years", dist)
    kb.add(sid, "in_constellation", const)
    kb.add(sid, "spectral_type", sp)
for star in ["proxima_centauri", "alpha_centauri_a", "alpha_centauri_b"]:
    kb.add(star, "part-of", "alpha_centauri_system")
kb.label("alpha_centauri_system", "Alpha Centauri system")
kb.add("alpha_centauri_system", "is-a", "star_system")
kb.add("alpha_centauri_system", "part-of", "milky_way")
kb.add("proxima_centauri", "orbits", "alpha_centauri_ab")
kb.label("alpha_centauri_ab", "Alpha Centauri AB")
kb.add("proxima_centauri", "radius_km", 107280)
kb.add("proxima_centauri", "discovered_in", 1915)
kb.add("proxima_centauri", "discovered_by", "robert_innes")
kb.label("robert_innes", "Robert Innes")
kb.add("robert_innes", "is-a", "astronomer")
kb.add("barnards_star", "discovered_by", "edward_emerson_barnard")
kb.add("barnards_star", "discovered_in", 1916)
kb.add("sirius", "alias", "Dog Star")
kb.add("polaris", "alias", "North Star")
kb.add("sirius", "apparent_magnitude", -1.46)
kb.add("vega", "apparent_magnitude", 0.03)
kb.add("betelgeuse", "apparent_magnitude", 0.5)
kb.add("rigel", "apparent_magnitude", 0.13)
kb.add("polaris", "apparent_magnitude", 1.98)
kb.add("betelgeuse", "radius_solar", 764)
kb.add("sirius", "has_companion", "sirius_b")
kb.label("sirius_b", "Sirius B")
kb.add("sirius_b", "is-a", "white_dwarf")
kb.label("white_dwarf", "white dwarf")
kb.add("white_dwarf", "is-a", "star")
kb.add("sirius_b", "orbits", "sirius")
CONSTELLATIONS = {"centaurus": "Centaurus", "ophiuchus": "Ophiuchus", "canis_major": "Canis Major", "lyra": "Lyra",
                  "cetus": "Cetus", "orion": "Orion", "ursa_minor": "Ursa Minor", "aquarius": "Aquarius",
                  "pegasus": "Pegasus", "cygnus": "Cygnus", "andromeda": "Andromeda", "triangulum": "Triangulum",
                  "dorado": "Dorado"}
for cid, name in CONSTELLATIONS.items():
    kb.label(cid, name)
    kb.add(cid, "is-a", "constellation")
kb.alias("ursa_minor", "Little Dipper")

EXOPLANETS = [  # id, name, classes, star, period days, year, discoverers
    ("proxima_centauri_b", "Proxima Centauri b", ["rocky_exoplanet"], "proxima_centauri", 11.19, 2016,
     ["guillem_anglada_escude"]),
    ("pegasi_51_b", "51 Pegasi b", ["hot_jupiter"], "pegasi_51", 4.23, 1995, ["michel_mayor", "didier_queloz"]),
    ("kepler_186f", "Kepler-186f", ["rocky_exoplanet"], "kepler_186", 129.9, 2014, ["elisa_quintana"]),
    ("kepler_452b", "Kepler-452b", ["rocky_exoplanet"], "kepler_452", 384.8, 2015, ["jon_jenkins"]),
]
for letter, period, year in [("b", 1.51, 2016), ("c", 2.42, 2016), ("d", 4.05, 2016), ("e", 6.10, 2017),
                             ("f", 9.21, 2017), ("g", 12.35, 2017), ("h", 18.77, 2017)]:
    EXOPLANETS.append((f"trappist_1{letter}", f"TRAPPIST-1{letter}", ["rocky_exoplanet"], "trappist_1", period, year,
                       ["michael_gillon"]))
for eid, name, classes, star, period, year, who in EXOPLANETS:
    kb.label(eid, name)
    for c in classes:
        kb.add(eid, "is-a", c)
    kb.add(eid, "orbits", star)
    kb.add(eid, "orbital_period_days", period)
    kb.add(eid, "discovered_in", year)
    for w in who:
        kb.add(eid, "discovered_by", w)
kb.alias("pegasi_51_b", "Dimidium")
kb.add("pegasi_51_b", "discovery_method", "radial_velocity")
kb.add("proxima_centauri_b", "discovery_method", "radial_velocity")
kb.add("kepler_186f", "discovery_method", "transit_method")
kb.add("kepler_452b", "discovery_method", "transit_method")
for letter in "bcdefgh":
    kb.add(f"trappist_1{letter}", "discovery_method", "transit_method")
kb.label("radial_velocity", "radial velocity")
kb.label("transit_method", "transit method")
for t in ["trappist_1d", "trappist_1e", "trappist_1f", "proxima_centauri_b", "kepler_186f", "kepler_452b"]:
    kb.add(t, "located_in", "habitable_zone")
kb.label("habitable_zone", "habitable zone")

# ---------------------------------------------------------------- spacecraft
CRAFT = [  # id, name, classes, launched, agencies, visited, landed_on
    ("mariner_10", "Mariner 10", ["space_probe"], 1973, ["nasa"], ["mercury", "venus"], []),
    ("messenger", "MESSENGER", ["orbiter"], 2004, ["nasa"], ["mercury", "venus"], []),
    ("bepicolombo", "BepiColombo", ["orbiter"], 2018, ["esa", "jaxa"], ["venus", "mercury"], []),
    ("magellan", "Magellan", ["orbiter"], 1989, ["nasa"], ["venus"], []),
    ("venera_7", "Venera 7", ["lander"], 1970, ["soviet_space_program"], ["venus"], ["venus"]),
    ("venera_13", "Venera 13", ["lander"], 1981, ["soviet_space_program"], ["venus"], ["venus"]),
    ("apollo_11", "Apollo 11", ["crewed_spacecraft"], 1969, ["nasa"], ["luna"], ["luna"]),
    ("chandrayaan_3", "Chandrayaan-3", ["lander"], 2023, ["isro"], ["luna"], ["luna"]),
    ("change_4", "Chang'e 4", ["lander"], 2018, ["cnsa"], ["luna"], ["luna"]),
    ("viking_1", "Viking 1", ["orbiter", "lander"], 1975, ["nasa"], ["mars"], ["mars"]),
    ("mars_reconnaissance_orbiter", "Mars Reconnaissance Orbiter", ["orbiter"], 2005, ["nasa"], ["mars"], []),
    ("curiosity", "Curiosity", ["rover"], 2011, ["nasa"], ["mars"], ["mars"]),
    ("perseverance", "Perseverance", ["rover"], 2020, ["nasa"], ["mars"], ["mars"]),
    ("ingenuity", "Ingenuity", ["rotorcraft"], 2020, ["nasa"], ["mars"], ["mars"]),
    ("mangalyaan", "Mars Orbiter Mission", ["orbiter"], 2013, ["isro"], ["mars"], []),
    ("tianwen_1", "Tianwen-1", ["orbiter"], 2020, ["cnsa"], ["mars"], []),
    ("zhurong", "Zhurong", ["rover"], 2020, ["cnsa"], ["mars"], ["mars"]),
    ("pioneer_10", "Pioneer 10", ["space_probe"], 1972, ["nasa"], ["jupiter"], []),
    ("pioneer_11", "Pioneer 11", ["space_probe"], 1973, ["nasa"], ["jupiter", "saturn"], []),
    ("voyager_1", "Voyager 1", ["space_probe"], 1977, ["nasa"], ["jupiter", "saturn", "titan", "io"], []),
    ("voyager_2", "Voyager 2", ["space_probe"], 1977, ["nasa"],
     ["jupiter", "saturn", "uranus", "neptune", "triton", "miranda"], []),
    ("galileo_spacecraft", "Galileo", ["orbiter"], 1989, ["nasa"],
     ["venus", "gaspra", "ida", "jupiter", "io", "europa", "ganymede", "callisto"], []),
    ("galileo_probe", "Galileo Probe", ["atmospheric_probe"], 1989, ["nasa"], ["jupiter"], []),
    ("juno_spacecraft", "Juno", ["orbiter"], 2011, ["nasa"], ["jupiter", "ganymede", "europa", "io"], []),
    ("cassini", "Cassini", ["orbiter"], 1997, ["nasa", "esa"], ["venus", "jupiter", "saturn", "titan", "enceladus"], []),
    ("huygens", "Huygens", ["lander"], 1997, ["esa"], ["titan"], ["titan"]),
    ("new_horizons", "New Horizons", ["space_probe"], 2006, ["nasa"], ["jupiter", "pluto", "charon", "arrokoth"], []),
    ("dawn", "Dawn", ["orbiter"], 2007, ["nasa"], ["mars", "vesta", "ceres"], []),
    ("rosetta", "Rosetta", ["orbiter"], 2004, ["esa"], ["comet_67p"], []),
    ("philae", "Philae", ["lander"], 2004, ["esa"], ["comet_67p"], ["comet_67p"]),
    ("hayabusa2", "Hayabusa2", ["space_probe"], 2014, ["jaxa"], ["ryugu"], ["ryugu"]),
    ("osiris_rex", "OSIRIS-REx", ["space_probe"], 2016, ["nasa"], ["bennu"], []),
    ("near_shoemaker", "NEAR Shoemaker", ["orbiter"], 1996, ["nasa"], ["eros"], ["eros"]),
    ("dart", "DART", ["impactor"], 2021, ["nasa"], ["dimorphos"], []),
    ("europa_clipper", "Europa Clipper", ["orbiter"], 2024, ["nasa"], [], []),
    ("hubble", "Hubble Space Telescope", ["space_telescope"], 1990, ["nasa", "esa"], [], []),
    ("jwst", "James Webb Space Telescope", ["space_telescope"], 2021, ["nasa", "esa", "csa"], [], []),
    ("iss", "International Space Station", ["space_station"], 1998, ["nasa", "esa", "jaxa", "csa"], [], []),
]
for cid, name, classes, year, agencies, visited, landed in CRAFT:
    kb.label(cid, name)
    for c in classes:
        kb.add(cid, "is-a", c)
    kb.add(cid, "launched_in", year)
    for a in agencies:
        kb.add(cid, "operated_by", a)
    for b in visited:
        kb.add(cid, "visited", b)
    for b in landed:
        kb.add(cid, "landed_on", b)
kb.add("huygens", "part-of", "cassini_huygens")
kb.add("cassini", "part-of", "cassini_huygens")
kb.label("cassini_huygens", "Cassini–Huygens")
kb.add("philae", "part-of", "rosetta_mission")
kb.add("rosetta", "part-of", "rosetta_mission")
kb.label("rosetta_mission", "Rosetta mission")
kb.add("perseverance", "part-of", "mars_2020")
kb.add("ingenuity", "part-of", "mars_2020")
kb.label("mars_2020", "Mars 2020")
kb.add("zhurong", "part-of", "tianwen_1")
kb.add("galileo_probe", "part-of", "galileo_mission")
kb.add("galileo_spacecraft", "part-of", "galileo_mission")
kb.label("galileo_mission", "Galileo mission")
for mission in ["cassini_huygens", "rosetta_mission", "mars_2020", "galileo_mission"]:
    kb.add(mission, "is-a", "space_mission")
kb.label("space_mission", "space mission")
kb.add("galileo_spacecraft", "named_after", "galileo_galilei")
kb.add("huygens", "named_after", "christiaan_huygens")
kb.add("cassini", "named_after", "giovanni_cassini")
kb.add("hubble", "named_after", "edwin_hubble")
kb.add("near_shoemaker", "named_after", "eugene_shoemaker")
kb.add("curiosity", "landing_site", "gale_crater")
kb.add("perseverance", "landing_site", "jezero_crater")
kb.label("gale_crater", "Gale crater")
kb.label("jezero_crater", "Jezero crater")
for crater in ["gale_crater", "jezero_crater"]:
    kb.add(crater, "located_on", "mars")
    kb.add(crater, "is-a", "impact_crater")
kb.label("impact_crater", "impact crater")
kb.add("apollo_11", "crew", "neil_armstrong")
kb.add("apollo_11", "crew", "buzz_aldrin")
kb.add("apollo_11", "crew", "michael_collins")
kb.label("michael_collins", "Michael Collins")
kb.add("michael_collins", "is-a", "astronaut")
kb.add("apollo_11", "landing_site", "mare_tranquillitatis")
kb.label("mare_tranquillitatis", "Sea of Tranquility")
kb.add("mare_tranquillitatis", "located_on", "luna")
kb.add("change_4", "landing_site", "von_karman_crater")
kb.label("von_karman_crater", "Von Kármán crater")
kb.add("von_karman_crater", "located_on", "luna")
kb.add("dart", "impacted", "dimorphos")
kb.add("dart", "impact_year", 2022)
kb.add("europa_clipper", "destination", "europa")
kb.add("juno_spacecraft", "arrived_in", 2016)
kb.add("cassini", "arrived_in", 2004)
kb.add("cassini", "mission_end_year", 2017)
kb.add("new_horizons", "pluto_flyby_year", 2015)
kb.add("voyager_1", "entered_interstellar_space", 2012)
kb.add("voyager_2", "entered_interstellar_space", 2018)
for craft, body in [("iss", "earth"), ("hubble", "earth")]:
    kb.add(craft, "orbits", body)
kb.add("jwst", "located_at", "sun_earth_l2")
kb.label("sun_earth_l2", "Sun–Earth L2")
kb.alias("jwst", "JWST")
kb.alias("hubble", "HST")
kb.alias("iss", "ISS")
kb.alias("mangalyaan", "Mangalyaan")
kb.alias("osiris_rex", "OSIRIS-APEX")

# ---------------------------------------------------------------- synthetic catalogue (filler)
rng = random.Random(20240611)
SURVEY_YEARS = {"spacewatch": (1992, 2015), "linear": (1998, 2012), "neat": (1995, 2007), "loneos": (1998, 2008),
                "catalina_sky_survey": (1998, 2015), "mount_lemmon_survey": (2005, 2015), "pan_starrs": (2010, 2015)}
LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXY"
used_numbers = set()
for i in range(130):
    while True:
        number = rng.randint(11000, 199999)
        if number not in used_numbers:
            used_numbers.add(number)
            break
    year = rng.randint(1992, 2015)
    designation = f"{year} {rng.choice(LETTERS)}{rng.choice(LETTERS)}{rng.randint(1, 199)}"
    mid = f"mp_{number}"
    kb.label(mid, f"({number}) {designation}")
    roll = rng.random()
    if roll < 0.82:
        cls, a = "main_belt_asteroid", round(rng.uniform(2.1, 3.3), 3)
    elif roll < 0.92:
        cls, a = "jupiter_trojan", round(rng.uniform(5.1, 5.3), 3)
    elif roll < 0.97:
        cls, a = "amor_asteroid", round(rng.uniform(1.05, 1.3), 3)
    else:
        cls, a = "apollo_asteroid", round(rng.uniform(1.0, 1.6), 3)
    kb.add(mid, "is-a", cls)
    kb.add(mid, "orbits", "sun")
    kb.add(mid, "semi_major_axis_au", a)
    kb.add(mid, "orbital_period_days", round(365.256 * a ** 1.5, 1))
    size = rng.lognormvariate(0.6, 0.9) if cls != "jupiter_trojan" else rng.uniform(3, 25)
    kb.add(mid, "radius_km", round(min(size, 60), 2))
    kb.add(mid, "discovered_in", year)
    active = [s for s, (first, last) in SURVEY_YEARS.items() if first <= year <= last]
    kb.add(mid, "discovered_by", rng.choice(active))
    if cls == "main_belt_asteroid":
        kb.add(mid, "located_in", "asteroid_belt")

out = os.path.join(os.path.dirname(__file__), "..", "kb", "astronomy.csv")
print("astronomy.csv:", kb.write(out), "facts")

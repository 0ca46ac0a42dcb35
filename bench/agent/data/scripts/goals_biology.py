"""Writes goals/biology.jsonl, checking every label against kb/biology.csv first."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
from reference import KB, g, run, yes, rule_yes, func_no, unknown, none, hop  # noqa: F401

K = KB(os.path.join(DATA, "kb", "biology.csv"))
F = "biology.csv"
n = iter(range(1, 1000))


def i():
    return f"bio-{next(n):03d}"




def at_rank(s, rank):
    """the ancestor of s with that rank, only derivable through is-a chaining"""
    def f(K):
        direct = {x for x in K.o(s, "is-a", derived=False) if K.has(x, "rank", rank)}
        if direct:
            return {"?direct"}
        return {x for x in K.o(s, "is-a") if K.has(x, "rank", rank)}
    return f


# ---------------------------------------------------------------- lookup
g(i(), F, "lookup", "What do koalas eat?", ["eucalyptus"], "koala eats eucalyptus", check=hop("koala", ("eats", "o")))
g(i(), F, "lookup", "Which country does the Komodo dragon live in?", ["indonesia"], "komodo_dragon lives_in indonesia",
  check=hop("komodo_dragon", ("lives_in", "o")))
g(i(), F, "lookup", "What is the conservation status of the tiger?", ["endangered"], "tiger conservation_status endangered",
  check=hop("tiger", ("conservation_status", "o")))
g(i(), F, "lookup", "What does the blue whale eat?", ["antarctic_krill"], "blue_whale eats antarctic_krill",
  criteria="krill", check=hop("blue_whale", ("eats", "o")))
g(i(), F, "lookup", "Which animals eat Antarctic krill?", ["blue_whale", "emperor_penguin"],
  "blue_whale, emperor_penguin eats antarctic_krill", check=hop("antarctic_krill", ("eats", "s")))
g(i(), F, "lookup", "Which animals have the savanna as their habitat?",
  ["african_bush_elephant", "blue_wildebeest", "cheetah", "giraffe", "lion", "plains_zebra"],
  "habitat savanna: african_bush_elephant, blue_wildebeest, cheetah, giraffe, lion, plains_zebra",
  check=hop("savanna", ("habitat", "s")))
g(i(), F, "lookup", "What genus does the lion belong to?", ["panthera"], "lion is-a panthera (its genus: a species' first is-a step; genera carry no rank fact)",
  check=lambda K: K.o("lion", "is-a", derived=False))
g(i(), F, "lookup", "What is the diet of the brown bear?", ["omnivore"], "brown_bear diet omnivore",
  check=hop("brown_bear", ("diet", "o")))
g(i(), F, "lookup", "Which animals live in Australia?", ["koala", "platypus", "red_kangaroo"],
  "koala, platypus, red_kangaroo lives_in australia", check=hop("australia", ("lives_in", "s")))
g(i(), F, "lookup", "What properties do mammals have?", ["warm_blooded", "hair", "produces_milk"],
  "mammal has_property warm_blooded, hair, produces_milk", check=hop("mammal", ("has_property", "o")))
g(i(), F, "lookup", "What does the monarch butterfly eat?", ["common_milkweed"], "monarch_butterfly eats common_milkweed",
  criteria="milkweed", check=hop("monarch_butterfly", ("eats", "o")))
g(i(), F, "lookup", "What does the polar bear eat?", ["ringed_seal"], "polar_bear eats ringed_seal",
  check=hop("polar_bear", ("eats", "o")))
g(i(), F, "lookup", "Which family does the genus Panthera belong to?", ["felidae"], "panthera is-a felidae",
  check=lambda K: K.o("panthera", "is-a", derived=False))
g(i(), F, "lookup", "Who are Bao Bao's parents?", ["tian_tian", "mei_xiang"], "tian_tian, mei_xiang parent-of bao_bao",
  check=hop("bao_bao", ("parent-of", "s")))
g(i(), F, "lookup", "What does the lion eat?", ["plains_zebra", "blue_wildebeest"], "lion eats plains_zebra, blue_wildebeest",
  check=hop("lion", ("eats", "o")))
g(i(), F, "lookup", "Which birds are flightless?", ["emperor_penguin", "ostrich", "brown_kiwi"],
  "emperor_penguin, ostrich, brown_kiwi has_property flightless (all three are birds)",
  check=lambda K: {x for x in K.s("has_property", "flightless") if K.has(x, "is-a", "bird")})
g(i(), F, "lookup", "What rank is Felidae?", ["family"], "felidae rank family", check=hop("felidae", ("rank", "o")))
g(i(), F, "lookup", "Which country is the axolotl found in?", ["mexico"], "axolotl lives_in mexico",
  check=hop("axolotl", ("lives_in", "o")))
g(i(), F, "lookup", "What does the giant panda eat?", ["bamboo"], "giant_panda eats bamboo", criteria="bamboo",
  check=hop("giant_panda", ("eats", "o")))
g(i(), F, "lookup", "What is the IUCN status of the axolotl?", ["critically_endangered"],
  "axolotl conservation_status critically_endangered", check=hop("axolotl", ("conservation_status", "o")))
g(i(), F, "lookup", "What is the emperor penguin's habitat?", ["sea_ice"], "emperor_penguin habitat sea_ice",
  check=hop("emperor_penguin", ("habitat", "o")))

# ---------------------------------------------------------------- path
g(i(), F, "path", "What is the conservation status of the animal that eats eucalyptus?", ["vulnerable"],
  "koala eats eucalyptus; koala conservation_status vulnerable",
  check=hop("eucalyptus", ("eats", "s"), ("conservation_status", "o")))
g(i(), F, "path", "What habitat do the animals the lion eats live in?", ["savanna"],
  "lion eats plains_zebra, blue_wildebeest; both habitat savanna",
  check=hop("lion", ("eats", "o"), ("habitat", "o")))
g(i(), F, "path", "What is the diet of the animals that eat Antarctic krill?", ["carnivore"],
  "blue_whale, emperor_penguin eats antarctic_krill; both diet carnivore",
  check=hop("antarctic_krill", ("eats", "s"), ("diet", "o")))
g(i(), F, "path", "Which country does the animal that eats bamboo live in?", ["china"],
  "giant_panda eats bamboo; giant_panda lives_in china", check=hop("bamboo", ("eats", "s"), ("lives_in", "o")))
g(i(), F, "path", "How long do the animals that eat ringed seals live?", ["25", "50"],
  "polar_bear, orca eats ringed_seal; polar_bear lifespan_years 25; orca lifespan_years 50",
  check=hop("ringed_seal", ("eats", "s"), ("lifespan_years", "o")))
g(i(), F, "path", "In which city is the zoo where Tian Tian lives?", ["washington_dc"],
  "tian_tian lives_in national_zoo; national_zoo located_in washington_dc",
  check=hop("tian_tian", ("lives_in", "o"), ("located_in", "o")))
g(i(), F, "path", "When were Bao Bao's parents born?", ["1997", "1998"],
  "tian_tian, mei_xiang parent-of bao_bao; tian_tian birth_year 1997; mei_xiang birth_year 1998",
  check=hop("bao_bao", ("parent-of", "s"), ("birth_year", "o")))
g(i(), F, "path", "What traits are recorded for the bird that lives in New Zealand?", ["flightless", "nocturnal"],
  "brown_kiwi lives_in new_zealand; brown_kiwi has_property flightless, nocturnal",
  check=hop("new_zealand", ("lives_in", "s"), ("has_property", "o")))
g(i(), F, "path", "What is the habitat of the animals that eat acacia?", ["savanna"],
  "giraffe, african_bush_elephant eats acacia; both habitat savanna", check=hop("acacia", ("eats", "s"), ("habitat", "o")))
g(i(), F, "path", "What do the animals that live in Antarctica eat?", ["antarctic_krill"],
  "emperor_penguin lives_in antarctica; emperor_penguin eats antarctic_krill",
  check=hop("antarctica", ("lives_in", "s"), ("eats", "o")))
g(i(), F, "path", "Does the platypus lay eggs?", ["yes"],
  "platypus is-a ornithorhynchus is-a ornithorhynchidae is-a monotremata; monotremata has_property lays_eggs "
  "(needs is-a chaining plus inheriting the order's property; no platypus has_property lays_eggs fact)",
  check=lambda K: {"yes"} if (K.has("platypus", "is-a", "monotremata") and K.has("monotremata", "has_property", "lays_eggs")
                              and not K.has("platypus", "has_property", "lays_eggs")) else {"?"})

# ---------------------------------------------------------------- rule
g(i(), F, "rule", "Is a dog a vertebrate?", ["yes"], "dog is-a canis is-a canidae is-a carnivora is-a mammal is-a vertebrate",
  check=rule_yes("dog", "is-a", "vertebrate"))
g(i(), F, "rule", "What kingdom does the koala belong to?", ["animal"],
  "koala is-a phascolarctos is-a phascolarctidae is-a diprotodontia is-a marsupial is-a mammal is-a vertebrate "
  "is-a chordate is-a animal; animal rank kingdom", check=at_rank("koala", "kingdom"))
g(i(), F, "rule", "Which phylum does the common octopus belong to?", ["mollusc"],
  "common_octopus is-a octopus is-a octopodidae is-a cephalopod is-a mollusc; mollusc rank phylum",
  check=at_rank("common_octopus", "phylum"))
g(i(), F, "rule", "Is a honey bee an arthropod?", ["yes"], "honey_bee is-a apis is-a apidae is-a insect is-a arthropod",
  check=rule_yes("honey_bee", "is-a", "arthropod"))
g(i(), F, "rule", "Is the great white shark a fish?", ["yes"],
  "great_white_shark is-a carcharodon is-a lamnidae is-a cartilaginous_fish is-a fish",
  check=rule_yes("great_white_shark", "is-a", "fish"))
g(i(), F, "rule", "Find out whether the fly agaric is a living thing.", ["yes"],
  "fly_agaric is-a amanita is-a amanitaceae is-a basidiomycete is-a fungus is-a living_thing",
  check=rule_yes("fly_agaric", "is-a", "living_thing"))
g(i(), F, "rule", "Which class does the emperor penguin belong to?", ["bird"],
  "emperor_penguin is-a aptenodytes is-a spheniscidae is-a bird; bird rank class", check=at_rank("emperor_penguin", "class"))
g(i(), F, "rule", "Is the Nile crocodile similar to the American alligator?", ["yes"],
  "american_alligator similar-to nile_crocodile (stored one way; similar-to is symmetric)",
  check=rule_yes("nile_crocodile", "similar-to", "american_alligator"))
g(i(), F, "rule", "Which cubs is Mei Xiang a parent of?", ["tai_shan", "bao_bao", "bei_bei", "xiao_qi_ji"],
  "mei_xiang parent-of tai_shan, bao_bao, bei_bei; xiao_qi_ji child-of mei_xiang => mei_xiang parent-of xiao_qi_ji (inverse)",
  check=lambda K: K.o("mei_xiang", "parent-of") if "xiao_qi_ji" not in K.o("mei_xiang", "parent-of", derived=False) else {"?"})
g(i(), F, "rule", "Is the left ventricle part of the human body?", ["yes"],
  "left_ventricle part-of heart part-of circulatory_system part-of human_body",
  check=rule_yes("left_ventricle", "part-of", "human_body"))
g(i(), F, "rule", "Does a bird have flight feathers?", ["yes"], "bird has-a wing; wing has-a flight_feather (has-a transitivity)",
  check=rule_yes("bird", "has-a", "flight_feather"))
g(i(), F, "rule", "Is Tian Tian a mammal?", ["yes"], "tian_tian is-a giant_panda is-a ailuropoda is-a ursidae is-a carnivora is-a mammal",
  check=rule_yes("tian_tian", "is-a", "mammal"))
g(i(), F, "rule", "Does an insect have legs?", ["yes"], "insect has-a thorax; thorax has-a leg",
  check=rule_yes("insect", "has-a", "leg"))

# ---------------------------------------------------------------- unanswerable
g(i(), F, "unanswerable", "What does the great white shark eat?", [],
  "great_white_shark has diet carnivore, habitat, lifespan, status but no eats fact", complete=False,
  check=none("great_white_shark", "eats"))
g(i(), F, "unanswerable", "How long does a cheetah live?", [], "cheetah has no lifespan_years", complete=False,
  check=none("cheetah", "lifespan_years"))
g(i(), F, "unanswerable", "What is the conservation status of the dog?", [], "dog has no conservation_status",
  complete=False, check=none("dog", "conservation_status"))
g(i(), F, "unanswerable", "How much does an African bush elephant weigh?", [], "no weight/mass facts", complete=False,
  check=lambda K: {o for s, p, o in K.base if "weight" in p or "mass" in p})
g(i(), F, "unanswerable", "Where does the gray wolf live?", [], "gray_wolf has no lives_in or habitat", complete=False,
  check=lambda K: K.o("gray_wolf", "lives_in") | K.o("gray_wolf", "habitat"))
g(i(), F, "unanswerable", "How long does a fly agaric live?", [], "fly_agaric has no lifespan_years", complete=False,
  check=none("fly_agaric", "lifespan_years"))
g(i(), F, "unanswerable", "Who are Tian Tian's parents?", [], "nothing is parent-of tian_tian (and no child-of from it)",
  complete=False, check=hop("tian_tian", ("parent-of", "s")))
g(i(), F, "unanswerable", "What does the clownfish eat?", [], "clownfish has only habitat coral_reef", complete=False,
  check=none("clownfish", "eats"))

# ---------------------------------------------------------------- decoy
g(i(), F, "decoy", "What do koalas eat?", ["eucalyptus"], "koala eats eucalyptus; the giant panda eats bamboo",
  criteria="bamboo", complete=False, check=hop("koala", ("eats", "o")))
g(i(), F, "decoy", "What is the lifespan of an African bush elephant in years?", ["65"],
  "african_bush_elephant lifespan_years 65", criteria="56", complete=False,
  check=hop("african_bush_elephant", ("lifespan_years", "o")))
g(i(), F, "decoy", "What is the conservation status of the giant panda?", ["vulnerable"],
  "giant_panda conservation_status vulnerable", criteria="endangered", complete=False,
  check=hop("giant_panda", ("conservation_status", "o")))
g(i(), F, "decoy", "Which animals eat Antarctic krill?", ["blue_whale", "emperor_penguin"],
  "blue_whale, emperor_penguin eats antarctic_krill; orca eats seals", criteria="blue whale, orca", complete=False,
  check=hop("antarctic_krill", ("eats", "s")))
g(i(), F, "decoy", "What kingdom does the fly agaric belong to?", ["fungus"],
  "fly_agaric is-a ... basidiomycete is-a fungus (rank kingdom)", criteria="plants", complete=False,
  check=lambda K: {x for x in K.o("fly_agaric", "is-a") if K.has(x, "rank", "kingdom")})
g(i(), F, "decoy", "What genus is the lion in?", ["panthera"], "lion is-a panthera", criteria="Felis", complete=False,
  check=lambda K: K.o("lion", "is-a", derived=False))
g(i(), F, "decoy", "What is the habitat of the polar bear?", ["sea_ice"], "polar_bear habitat sea_ice", criteria="tundra",
  complete=False, check=hop("polar_bear", ("habitat", "o")))
g(i(), F, "decoy", "What does the honey bee feed on?", ["nectar", "pollen"], "honey_bee eats nectar, pollen",
  criteria="nectar, milkweed", complete=False, check=hop("honey_bee", ("eats", "o")))
g(i(), F, "decoy", "What class is the axolotl in?", ["amphibian"],
  "axolotl is-a ambystoma is-a ambystomatidae is-a amphibian (rank class)", criteria="reptile", complete=False,
  check=lambda K: {x for x in K.o("axolotl", "is-a") if K.has(x, "rank", "class")})
g(i(), F, "decoy", "How long do house mice live?", ["2"], "house_mouse lifespan_years 2", criteria="12", complete=False,
  check=hop("house_mouse", ("lifespan_years", "o")))
g(i(), F, "decoy", "Which phylum is the honey bee in?", ["arthropod"], "honey_bee ... insect is-a arthropod (rank phylum)",
  criteria="Chordata", complete=False, check=lambda K: {x for x in K.o("honey_bee", "is-a") if K.has(x, "rank", "phylum")})

# ---------------------------------------------------------------- yes/no
g(i(), F, "yesno", "Is the koala a herbivore?", ["yes"], "koala diet herbivore", check=yes("koala", "diet", "herbivore"))
g(i(), F, "yesno", "Is the giant panda a carnivore?", ["no"],
  "giant_panda diet herbivore and diet is functional => no. (It is in the order Carnivora: giant_panda is-a ... "
  "carnivora, label Carnivora, which is a taxon, not a diet.)", check=func_no("giant_panda", "diet", "carnivore"))
g(i(), F, "yesno", "Is the tiger endangered?", ["yes"], "tiger conservation_status endangered",
  check=yes("tiger", "conservation_status", "endangered"))
g(i(), F, "yesno", "Is the lion endangered?", ["no"], "lion conservation_status vulnerable; conservation_status is functional",
  check=func_no("lion", "conservation_status", "endangered"))
g(i(), F, "yesno", "Does the giraffe eat acacia?", ["yes"], "giraffe eats acacia", check=yes("giraffe", "eats", "acacia"))
g(i(), F, "yesno", "Does the giraffe eat grass?", ["unknown"], "giraffe eats acacia only; eats is not functional",
  complete=False, check=unknown("giraffe", "eats", "grass"))
g(i(), F, "yesno", "Is a honey bee a vertebrate?", ["unknown"],
  "no is-a path from honey_bee to vertebrate, and is-a is not functional: the graph cannot prove no", complete=False,
  check=unknown("honey_bee", "is-a", "vertebrate"))
g(i(), F, "yesno", "Do polar bears live in the Arctic?", ["yes"], "polar_bear lives_in arctic",
  check=yes("polar_bear", "lives_in", "arctic"))
g(i(), F, "yesno", "Is the lifespan of a house mouse 2 years?", ["yes"], "house_mouse lifespan_years 2",
  check=yes("house_mouse", "lifespan_years", "2"))
g(i(), F, "yesno", "Does a blue whale live for 50 years?", ["no"], "blue_whale lifespan_years 85; lifespan_years is functional",
  check=func_no("blue_whale", "lifespan_years", "50"))
g(i(), F, "yesno", "Was Bao Bao born in 2015?", ["no"], "bao_bao birth_year 2013; birth_year is functional (Bei Bei was born in 2015)",
  check=func_no("bao_bao", "birth_year", "2015"))
g(i(), F, "yesno", "Was Tai Shan born in 2005?", ["yes"], "tai_shan birth_year 2005", check=yes("tai_shan", "birth_year", "2005"))

# ---------------------------------------------------------------- number
g(i(), F, "number", "How long does a lion live?", ["14"], "lion lifespan_years 14", check=hop("lion", ("lifespan_years", "o")))
g(i(), F, "number", "What is the lifespan of the green sea turtle?", ["80"], "green_sea_turtle lifespan_years 80",
  check=hop("green_sea_turtle", ("lifespan_years", "o")))
g(i(), F, "number", "How many years does a honey bee live?", ["0.12"], "honey_bee lifespan_years 0.12",
  check=hop("honey_bee", ("lifespan_years", "o")))
g(i(), F, "number", "When was Tai Shan born?", ["2005"], "tai_shan birth_year 2005", check=hop("tai_shan", ("birth_year", "o")))
g(i(), F, "number", "What is the average lifespan of a common octopus in years?", ["1.5"], "common_octopus lifespan_years 1.5",
  criteria="1.5", check=hop("common_octopus", ("lifespan_years", "o")))

# ---------------------------------------------------------------- multiword
g(i(), F, "multiword", "What does the African bush elephant eat?", ["acacia"], "african_bush_elephant eats acacia",
  check=hop("african_bush_elephant", ("eats", "o")))
g(i(), F, "multiword", "What is the conservation status of the Komodo dragon?", ["endangered"],
  "komodo_dragon conservation_status endangered", check=hop("komodo_dragon", ("conservation_status", "o")))
g(i(), F, "multiword", "How long does the North Island brown kiwi live?", ["40"], "brown_kiwi lifespan_years 40 (label North Island brown kiwi)",
  check=hop("brown_kiwi", ("lifespan_years", "o")))
g(i(), F, "multiword", "What is the habitat of the ocellaris clownfish?", ["coral_reef"], "clownfish habitat coral_reef",
  check=hop("clownfish", ("habitat", "o")))
g(i(), F, "multiword", "Who are Bei Bei's parents?", ["tian_tian", "mei_xiang"], "tian_tian, mei_xiang parent-of bei_bei",
  criteria="Tian Tian, Mei Xiang", check=hop("bei_bei", ("parent-of", "s")))
g(i(), F, "multiword", "What does the European garden spider eat?", ["insect"], "garden_spider eats insect",
  check=hop("garden_spider", ("eats", "o")))
g(i(), F, "multiword", "Which country does the American alligator live in?", ["united_states"],
  "american_alligator lives_in united_states", check=hop("american_alligator", ("lives_in", "o")))

# ---------------------------------------------------------------- paraphrase
g(i(), F, "paraphrase", "What do koalas feed on?", ["eucalyptus"], "koala eats eucalyptus", check=hop("koala", ("eats", "o")))
g(i(), F, "paraphrase", "Which creatures prey on Antarctic krill?", ["blue_whale", "emperor_penguin"],
  "blue_whale, emperor_penguin eats antarctic_krill", check=hop("antarctic_krill", ("eats", "s")))
g(i(), F, "paraphrase", "How threatened is the axolotl?", ["critically_endangered"],
  "axolotl conservation_status critically_endangered", check=hop("axolotl", ("conservation_status", "o")))
g(i(), F, "paraphrase", "What kind of environment do chimpanzees live in?", ["tropical_rainforest"],
  "chimpanzee habitat tropical_rainforest", check=hop("chimpanzee", ("habitat", "o")))
g(i(), F, "paraphrase", "What do lions hunt?", ["plains_zebra", "blue_wildebeest"], "lion eats plains_zebra, blue_wildebeest",
  check=hop("lion", ("eats", "o")))
g(i(), F, "paraphrase", "What is the killer whale's diet?", ["carnivore"], "orca alias killer whale; orca diet carnivore",
  check=hop("orca", ("diet", "o")))
g(i(), F, "paraphrase", "Which animals sleep through the winter?", ["little_brown_bat", "brown_bear"],
  "little_brown_bat, brown_bear has_property hibernates", check=hop("hibernates", ("has_property", "s")))

run(K, os.path.join(DATA, "goals", "biology.jsonl"))

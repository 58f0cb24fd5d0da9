"""Danish notebook 05 (strategy): translations of the English cells, keyed by fingerprint."""

from common_da import predict, stuck


CODE = [
    (
        '# time_limit=None: these games measure who plays better, so none is lost on time',
        '# time_limit=None: disse partier måler, hvem der spiller bedst, så intet parti tabes på tid',
    ),
    ("# ← replace ... with your answer", "# ← erstat ... med dit svar"),
    ("# ← your prediction, e.g.", "# ← din forudsigelse, fx"),
    ('"yes" or "no"', '"ja" eller "nej"'),
    ('"X", "O" or "draw"', '"X", "O" eller "uafgjort"'),
    ('"50 %" or 0.5', '"50 %" eller 0.5'),
    ('"X\'s legal moves:"', '"X\'s lovlige træk:"'),
    ('or "(none)"', 'or "(ingen)"'),
    ('"classical marks:"', '"klassiske mærker:"'),
    ('{1: "X", 0: "draw", -1: "O"}', '{1: "X", 0: "uafgjort", -1: "O"}'),
    (
        '"value for X:", result.value, "  perfect play goes on:",',
        '"værdi for X:", result.value, "  perfekt spil fortsætter:",',
    ),
    (
        'print("X wins", match.x_wins, " O wins", match.o_wins, " draws", match.draws)',
        'print("X vinder", match.x_wins, " O vinder", match.o_wins, " uafgjort", match.draws)',
    ),
    (
        '"""A 95 % confidence interval for a chance seen `count` times in `games` games."""',
        '"""Et 95 %-konfidensinterval for en chance, der er set `count` gange i `games` partier."""',
    ),
    (
        '(95 % interval {percent(max(share - margin, 0))} to {percent(min(share + margin, 1))})',
        '(95 %-interval {percent(max(share - margin, 0))} til {percent(min(share + margin, 1))})',
    ),
    ('print("X wins", interval(', 'print("X vinder", interval('),
    ('print("O wins", interval(', 'print("O vinder", interval('),
    ('(O): heuristic wins"', '(O): Tommelfingerregler vinder"'),
    (
        "{game.outcome.result:>4}",
        "{'uafgjort' if game.outcome.result == 'draw' else game.outcome.result:>8}",
    ),
    (
        '"""Take an action that wins at once if there is one; otherwise play at random."""',
        '"""Tag en handling, der vinder med det samme, hvis der er en; spil ellers tilfældigt."""',
    ),
    ("# puzzle 1: does it find the win?", "# problem 1: finder den sejren?"),
    ('"""My strategy: ... (describe it here)."""', '"""Min strategi: ... (beskriv den her)."""'),
    ("# ← replace with your own ideas", "# ← erstat med dine egne idéer"),
    (
        '"""Turn a function position -> action into a player for play_match."""',
        '"""Gør en funktion stilling -> handling til en spiller til play_match."""',
    ),
    ('"random": RandomPlayer()', '"tilfældig": RandomPlayer()'),
    ('"heuristic": HeuristicPlayer()', '"tommelfinger": HeuristicPlayer()'),
    (
        '"greedy": FunctionPlayer(greedy_player, "greedy")',
        '"grådig": FunctionPlayer(greedy_player, "grådig")',
    ),
    ('"mine": FunctionPlayer(my_player, "mine")', '"min": FunctionPlayer(my_player, "min")'),
    (
        "# per pairing and colour; more games give fairer results",
        "# pr. opgør og farve; flere partier giver mere retfærdige resultater",
    ),
    ('{number(score, 1):>5} points")', '{number(score, 1):>5} point")'),
]

MARKDOWN = {
    "d5f6ad4385": """
# 05 · Strategi

*Kvante-kryds og bolle, elevens vej, notesbog 05 af 07 (dansk udgave).*
[Åbn denne notesbog på Binder](https://mybinder.org/v2/gh/qttt-edu/qttt-edu/HEAD?labpath=notebooks/i18n/05_strategy.da.ipynb) (kører i browseren, intet skal installeres).

**Efter denne notesbog kan du**

- spille mod computeren på tre niveauer og beskrive, hvordan den heuristiske spiller bestemmer sig;
- se, hvornår det at lukke en løkke giver modstanderen et vindende valg;
- løse problemer på brættet: et vindende kollaps og træk, der taber med det samme;
- sige, hvor sikkert et resultat fra mange partier er (et 95 %-konfidensinterval);
- skrive din egen spiller som en Python-funktion og stille op med den i en klasseturnering.

**Før du starter:** notesbog [03](03_measurement_and_collapse.da.ipynb) og [04](04_winning_and_scoring.da.ipynb) (kollaps, linjer). Til den sidste del: lidt Python (en funktion, et `if`, en `for`-løkke).

**Tid:** cirka 80 minutter, to lektioner: afsnit 1–3, derefter 4–5 med turneringen (opgaverne medregnet).
""",
    "a7dada409d": """
## 1. Tre computermodstandere

Materialet har tre computerspillere:

- **Tilfældig** (`RandomPlayer`) vælger en vilkårlig lovlig handling. Let at slå, og en nyttig målestok.
- **Tommelfingerregler** (`HeuristicPlayer`, den *heuristiske* spiller) følger fire regler, som et menneske kan følge i hånden (se herunder). Den ser kun
  ét træk frem.
- **Perfekt** (`PerfectPlayer`) spiller en bedste handling ifølge den eksakte løser fra notesbog 06. Den
  overser aldrig en sejr, og når den må tabe, gør den din sejr så svær som muligt.

Spil et par partier mod hver af dem. Vælg modstanderen i appens menu, eller start appen
med en af dem:
""",
    "06cc195441": """
### Sådan bestemmer den heuristiske spiller sig

I hver tur går den listen her igennem og stopper ved den første regel, der afgør sagen:

1. **Valg af kollaps:** tag et felt, der giver mig en vindende linje; undgå ellers et
   felt, der får modstanderen til at vinde; byg ellers på mine linjer.
2. **Vind med en løkke:** luk en løkke, hvis *begge* modstanderens valg giver mig en
   vindende linje.
3. **Giv ikke en sejr væk:** spring hvert par over, hvorefter modstanderen kan vinde
   med det samme.
4. **Byg linjer:** foretræk felter på mange linjer, som modstanderen ikke har spærret (midten
   ligger på 4 linjer, et hjørne på 3, et kantfelt på 2), og tæl dobbelt de linjer, hvor
   jeg allerede har klassiske mærker.

Den kan forklare sig selv. Her bliver den spurgt om to mulige første træk:
""",
    "dceb081900": """
## 2. At lukke en løkke giver valget væk

Spillets vigtigste strategiske idé: **den spiller, der lukker en løkke, bestemmer ikke, hvordan
den kollapser; det gør modstanderen.** At lukke en løkke er som at stille din
modstander et spørgsmål med to svar. Hvis det ene svar er godt for modstanderen, vælger
han eller hun det.

Husk O's sejr fra notesbog 04: X's syvende træk `8-9` lukkede en løkke med O6, og O
valgte det kollaps, der fuldendte O's søjle.

### Problem 1: et vindende kollaps

I denne stilling har O's træk 6 (`4-7`) lukket en løkke, så X er vælgeren.
""",
    "bf1c2f83af": """
### Opgave 05-1

Hvor skal X lægge O6, i felt 4 eller felt 7? Det ene valg vinder med det samme. Følg
kaskaden for hvert af dem på papir (eller med `qttt_edu.graph.cascade`), og svar så med
feltet.
""",
    "04ce129de4": stuck("05-1"),
    "cbf8f3d608": """
### Problem 2: træk, der taber med det samme

Her skal X lave træk 7. Nogle af X's par lukker en løkke, og mindst ét af dem
lader O vælge et kollaps, der fuldender en O-linje.
""",
    "f4b3ef9386": """
### Opgave 05-2

Skriv **alle** de træk op, hvor X taber med det samme (hvorefter O kan vælge et kollaps, der
fuldender en O-linje). Angiv dem som en liste, fx `["1-2", "3-4"]`.
""",
    "d29c356c5c": stuck("05-2"),
    "c252d5ff05": """
Den heuristiske spillers regel 3 fanger netop disse træk. Spørg den:
""",
    "e9c52ea845": """
Løseren ser længere frem end ét træk. `analyse` giver værdien af hver lovlig handling
med perfekt spil derfra (set fra X's side: +1 X vinder, 0 uafgjort, −1 O vinder):
""",
    "23e412d1c5": predict(
        "Er alle træk undtagen de tabende en sejr for X med perfekt spil?"
    ),
    "3b05cdb2fa": """
Langtfra. Kun tre træk vinder for X mod ethvert forsvar (blandt dem `4-6`, som
den heuristiske spiller fandt: det lukker en løkke, hvor *begge* kollaps giver X en
linje), tre giver uafgjort, og ni taber: de to, der taber med det samme, og syv mere, der taber
nogle træk senere. At se ét træk frem fanger kun den første slags.

### Goffs fig. 9: bedøm en åbning

Goffs artikel (A. Goff, “Quantum tic-tac-toe: A teaching metaphor for superposition in quantum mechanics”, *Am. J. Phys.* **74**, 962–973 (2006), doi:10.1119/1.2213635) viser denne åbning. O6 lukker en løkke, X vælger `c9`, og alle
seks mærker bliver klassiske på én gang:
""",
    "3a419fa14f": """
Læs resultatet som et almindeligt parti i trækkenes rækkefølge: X i 3, O i 7, X i 5, O i 1,
X i 6, O i 9.
""",
    "d137b6c100": predict(
        "X skal lave træk 7. Hvem vinder herfra, når begge sider spiller perfekt?"
    ),
    "f06d849016": """
Som klassisk spil ser trækkene planløse ud: X's andet mærke truer ikke med noget, O skal
svare på, og O lader rækken 4-5-6 stå åben. Men ingen valgte de felter ét ad gangen:
ét enkelt kollaps placerede dem alle, og det var X, der valgte det. Goffs pointe: i
Kvante-kryds og bolle bedømmes et træk efter de kollaps, det gør mulige, ikke efter de felter,
det ville tage i det almindelige spil.

## 3. Computer mod computer

En *match* er mange partier mellem to spillere. `play_match` spiller dem og tæller
resultaterne; med et `seed` kan hele matchen spilles igen præcis ens.
""",
    "a1c08d6a15": predict(
        "To tilfældige spillere mødes i 1.000 partier. Hvor stor en andel af dem vinder X,"
        " som trækker først?"
    ),
    "9c1a78a30e": """
(Et gæt inden for 5 procentpoint tæller her som rigtigt.)

### Hvor sikkert er et resultat fra mange partier?

Spil 1.000 partier til, og X's andel bliver lidt anderledes: en andel fra
*n* partier spreder sig omkring den sande chance *p* med cirka √(*p*(1 − *p*)/*n*),
**standardfejlen**. I 95 % af forsøgene lander andelen inden for cirka to standardfejl
fra *p*. Vendt om giver det et **95 %-konfidensinterval**: de chancer, der passer
med det, vi så. Cellen herunder regner det ud; brug det, hver gang en påstand bygger på
tilfældigt spillede partier.
""",
    "7496ed8235": """
De to intervaller ligger langt fra hinanden, så fordelen ved at trække først er ægte, ikke held:
at trække først er en stor fordel, selv for en spiller uden nogen plan. Efter hvert af sine
træk har X ét mærke mere end O, og det niende træk tilhører X. Nu den heuristiske
spiller mod den tilfældige, fra begge sider:
""",
    "8c35a8a8dd": """
Hundrede partier pr. side er nok her: selv de nederste ender af intervallerne ligger
langt over, hvad tilfældigt spil opnår. At tænke ét træk frem slår at have ingen plan, uanset
hvilken side af brættet man spiller fra.
""",
    "82f4e7cf8b": """
Og så den perfekte spiller mod den heuristiske. Det tager løseren et stykke tid at løse spillet
fra det tomme bræt (notesbog 06), så disse partier starter fra en fast åbning,
`1-5 5-9 1-9 c1`: X1 i midten, X3 i et hjørne, O2 i det modsatte hjørne. Perfekt
spil derfra giver uafgjort.
""",
    "98896650f2": """
## 4. Din egen spiller

En spiller er bare en funktion: den får den aktuelle **stilling** (position) og giver én af
`position.legal_actions()` tilbage. Det er små heltalskoder: `15` er parret 1-5, `103`
kollapset i felt 3, og `7` det niende træk i felt 7; `Action(code)` laver
en kode om til dens led i partinotationen. Den samme funktion skal klare alle tre situationer:
at sætte et par, at vælge et kollaps og det niende træk.

Nyttige ting, en stilling ved:

| udtryk | betydning |
|---|---|
| `position.to_act` | `"X"` eller `"O"`: hvem der handler nu (dig) |
| `position.legal_actions()` | de koder, du må give tilbage |
| `position.pending` | sand (`True`), når du er vælgeren i et kollaps |
| `position.child(code)` | stillingen efter `code` (til at se frem) |
| `position.outcome` | `None` (intet udfald endnu) eller resultatet, når partiet er slut (`.winner`) |
| `position.classical` | `{square: "X3", ...}` (felt: mærke) |

Her er en første spiller: den vinder med det samme, når den kan, og spiller ellers tilfældigt.
""",
    "b52ff1010e": """
Skriv nu **din egen** spiller i den næste celle. Start fra `greedy_player` (den grådige spiller), og tilføj én
idé ad gangen. Nogle idéer:

- luk ikke en løkke, hvis et af modstanderens to valg giver modstanderen sejren (se to
  skridt frem ved at bruge `position.child(...)` to gange);
- foretræk midten og hjørnerne;
- som vælger: foretræk det kollaps, der giver dig flere klassiske mærker på åbne linjer.
""",
    "dc9e4175ad": """
### Opgave 05-3

Lær din spiller den første idé ovenfor: **giv aldrig modstanderen en sejr, der kunne
være undgået.** Tjekkeren afprøver din spiller i 300 stillinger, valg af kollaps
og niende træk medregnet: den skal altid give en lovlig handling tilbage, og når den har
et træk, der ikke lader modstanderen vælge et vindende kollaps, må den ikke spille et,
der gør. (`greedy_player` klarer det ikke: den trækker tilfældigt.) Giv tjekkeren **selve
funktionen** (uden parenteser).
""",
    "36798ab5a5": stuck("05-3"),
    "2d321196fb": """
## 5. Klasseturneringen

Cellen herunder gør funktioner til spillere og lader hver spiller møde alle de andre, som
X og som O. Føj dine klassekammeraters funktioner til `entries` (sæt deres kode ind i en celle
ovenfor først), kør den, og sammenlign tabellerne. Pointene er Goffs: 1 for en sejr, 1/2
for den seneste linje, når et kollaps giver begge spillere linjer.
""",
    "9592dd245f": """
Hvorfor kan en stærk spiller stadig tabe et par partier mod den tilfældige? Hvor mange partier
skal der til, før du stoler på en rangliste? (Prøv `GAMES = 50`.)
""",
    "4cf70ebc74": """
## Resumé

- At lukke en løkke giver modstanderen valget: tjek begge kollaps, før du lukker en.
- Som vælger: sammenlign begge udfald; det ene kan vinde med det samme.
- Den heuristiske spiller ser ét træk frem (vind, giv ikke en sejr væk, byg linjer); den perfekte spiller søger helt til ende.
- At trække først betyder noget: sammenlign X's og O's andele med deres 95 %-intervaller, før du kalder en fordel ægte.
- En andel fra n partier er usikker med cirka ± 2√(p(1 − p)/n); sig, hvor sikkert et simuleret resultat er.
- En spiller er en funktion fra en stilling til en lovlig handling; `play_match` afvikler fair turneringer med et seed.

## Hvad nu

Fortsæt med **[06 · At løse spillet](06_solving_the_game.da.ipynb)**. Hvordan ved den perfekte spiller det? Den gennemsøger hele spiltræet: hvor stort træet er, og hvad det siger om det første træk.
""",
}

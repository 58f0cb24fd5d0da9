"""Danish notebook 06 (solving the game): translations of the English cells, keyed by fingerprint."""

from common_da import predict, stuck

CODE = [
    ("# ← replace ... with your answer", "# ← erstat ... med dit svar"),
    ("# ← your prediction, e.g.", "# ← din forudsigelse, fx"),
    ('"yes" or "no"', '"ja" eller "nej"'),
    ("# e.g. math.factorial(...) ** 2", "# fx math.factorial(...) ** 2"),
    (
        '"""The number of sequences of `depth` legal actions from `position`."""',
        '"""Antallet af følger af `depth` lovlige handlinger fra `position`."""',
    ),
    # Danish writes thousands with a point: 1.531.656.
    (
        'print(f"perft({depth}) = {number(perft(Position(), depth)):>11}")',
        'print(f"perft({depth}) = {number(perft(Position(), depth)):>11}")',
    ),
    ('"kinds of first move:"', '"slags første træk:"'),
    ("{members[0]:4} and {len(members) - 1} more like it:", "{members[0]:4} og {len(members) - 1} mere af samme slags:"),
    (
        '"""One random playout: the running product of branch counts at every depth."""',
        '"""Ét tilfældigt parti: det løbende produkt af antallet af grene i hver dybde."""',
    ),
    (
        '"""Knuth\'s estimate of perft(depth): paths that end earlier count 0."""',
        '"""Knuths skøn over perft(depth): veje, der slutter tidligere, tæller 0."""',
    ),
    (
        'print(f"estimate of perft(4): {number(estimate(4), 0)}   exact: {number(exact)}   off by {percent(off, 2)}")',
        'print(f"skøn over perft(4): {number(estimate(4), 0)}   præcist: {number(exact)}",\n'
        '      f"  afvigelse {percent(off, 2)}")',
    ),
    ('print(f"depth {depth:2}: about {number(estimate(depth), significant=2)} sequences")',
     'print(f"dybde {depth:2}: cirka {number(estimate(depth), significant=2)} følger")'),
    (
        'print(f"complete games: about {number(mean, significant=2)} (± {percent(error / mean)} standard error)")',
        'print(f"hele partier: cirka {number(mean, significant=2)} (± {percent(error / mean)} standardfejl)")',
    ),
    (
        '"""+1 if X wins with perfect play from here, -1 if O does, 0 for a draw."""',
        '"""+1, hvis X vinder med perfekt spil herfra, -1, hvis O gør, 0 ved uafgjort."""',
    ),
    ('print("value for X:",', 'print("værdi for X:",'),
    # CacheInfo(...) would show Python's None to students: print its two counts in words.
    (
        "print(minimax.cache_info())",
        'info = minimax.cache_info()\n'
        'print("løste stillinger:", info.misses, "  fundet igen i cachen:", info.hits)',
    ),
    ('print("solver:", solve(puzzle2).value, "  minimax:"', 'print("løser:", solve(puzzle2).value, "  minimax:"'),
    ('print(f"{scoring_name(scoring):9} value {number(result.value, sign=True)}")', 'print(f"{scoring_name(scoring):24} værdi {number(result.value, sign=True)}")'),
    ('for line in end.lines) or "none"', 'for line in end.lines) or "ingen"'),
    (
        'print(f"{scoring_name(scoring):9} result {end.result:>4}   lines: {lines}   Goff\'s points X {number(end.scores[\'X\'])} / O {number(end.scores[\'O\'])}")',
        "result = \"uafgjort\" if end.result == \"draw\" else end.result\n"
        "    print(f\"{scoring_name(scoring):24} resultat {result:>8}   linjer: {lines}   Goffs point X {number(end.scores['X'])} / O {number(end.scores['O'])}\")",
    ),
    ('print("value:", line.value, "  positions searched:", line.nodes)',
     'print("værdi:", line.value, "  gennemsøgte stillinger:", line.nodes)'),
    ('print("perfect play goes on:",', 'print("perfekt spil fortsætter:",'),
]

MARKDOWN = {
    "51b3c8c6fc": """
# 06 · At løse spillet

*Kvante-kryds og bolle, elevens vej, notesbog 06 af 07 (dansk udgave).*
[Åbn denne notesbog på Binder](https://mybinder.org/v2/gh/qttt-edu/qttt-edu/HEAD?labpath=notebooks/i18n/06_solving_the_game.da.ipynb) (kører i browseren, intet skal installeres).

**Efter denne notesbog kan du**

- tælle spiltræet præcist, hvor en computer kan, og skønne over det, hvor den ikke kan, og sige hvordan;
- bruge brættets symmetrier til at skære arbejdet ned;
- forklare minimax og køre din egen lille løser på sene stillinger;
- sige, hvad perfekt spil giver med hver måde at give point på, og hvad det siger om det første træk.

**Før du starter:** notesbog [04](04_winning_and_scoring.da.ipynb) (måder at give point på) og [05](05_strategy.da.ipynb) (spillere). Python: funktioner og rekursion er en hjælp, men du kan køre alt, som det er.

**Tid:** cirka 45 minutter (opgaverne medregnet); er tiden knap, så læs afsnit 6 derhjemme.
""",
    "e89ba3228b": """
## 1. Hvor stort er spillet?

Et *spiltræ* starter ved det tomme bræt; hver lovlig handling (et par, et valg af kollaps,
det niende træk) er en gren. Skakprogrammører tæller det med **perft**: antallet af
forskellige følger af handlinger med en given længde. Forudsig de to første niveauer.
""",
    "68ed83913b": """
### Opgave 06-1

Hvor mange forskellige første træk har X?
""",
    "7de80930ef": stuck("06-1"),
    "f900af3d8e": """
### Opgave 06-2

Hvor mange forskellige følger af **to** handlinger er der (X's første træk, så O's)?
""",
    "ae39ae7994": stuck("06-2"),
    "28709bf3c2": """
Tæl nu. Det sidste niveau kræver ikke, at der spilles nogen træk: antallet af følger ét skridt
dybere er bare antallet af lovlige handlinger, så det dybeste niveau tælles ved at
*lægge antallene af grene sammen* ("bulk counting").
""",
    "e1ebe1a77f": """
Dybde 3 er ikke bare perft(1)³: hvis O's første træk bruger X's to felter, lukker det en løkke,
og den tredje handling er X's valg af kollaps (2 grene, ikke perft(1)). De samme fire
tal står fast i materialets test og er dér bekræftet af en uafhængig simulator
og i hånden.
""",
    "bfda125351": """
## 2. Symmetri

At dreje brættet eller vende det om ændrer ikke på, hvem der vinder. En løser behøver
kun at undersøge én stilling fra hver familie af symmetriske stillinger.
""",
    "671ca32446": """
### Opgave 06-3

Hvor mange symmetrier har et kvadratisk bræt (måder at dreje eller spejle det over i sig selv,
medregnet at gøre ingenting)?
""",
    "f9a8eabf22": stuck("06-3"),
    "77acd8b462": """
`symmetries()` skriver dem op som afbildninger af felterne (`sym[s]` er dér, hvor felt `s` havner). Del
X's første træk op i familier af symmetriske træk:
""",
    "9c63745d09": """
## 3. At skønne over det, vi ikke kan tælle

Hvert niveau i træet er cirka 30 gange større end det forrige, så dybde 5 er cirka 50
millioner følger. At tælle dem én ad gangen i Python ville tage minutter, og hele
spillet langt længere, selv med symmetri. Tid til et skøn.

Donald Knuths trick (1975): gå **én tilfældig vej** ned gennem træet, og gang
antallene af grene, du møder undervejs, sammen. Hvis den første stilling har *b*₁ grene, den næste *b*₂, den næste *b*₃ ..., er produktet *b*₁ × *b*₂ × *b*₃ × ... et gæt på antallet af
veje. Et enkelt gæt er groft, men dets **gennemsnit** over mange tilfældige veje er præcis
antallet af veje (et *middelret* skøn), og spredningen af gættene fortæller, hvor
langt gennemsnittet kan ligge ved siden af.
""",
    "c59b57a9c4": predict(
        "Det præcise perft(4) er 1.531.656. Hvor langt fra det ligger gennemsnittet af"
        " 10.000 tilfældige veje, i procent?"
    ),
    "d2bc5c81b3": """
Inden for en brøkdel af en procent.

De samme forsøg giver et skøn for hver dybde, og produkterne
i *slutningen* af hvert parti giver et skøn over antallet af hele partier (Python skriver
1.5e+06 for 1,5 · 10⁶):
""",
    "500c115116": """
Så Kvante-kryds og bolle har omtrent **tyve billioner** (2 × 10¹³) forskellige partier, hvis et
parti er hele følgen af handlinger, valg af kollaps medregnet. Almindeligt
kryds og bolle har 255.168.

Goffs artikel (A. Goff, “Quantum tic-tac-toe: A teaching metaphor for superposition in quantum mechanics”, *Am. J. Phys.* **74**, 962–973 (2006), doi:10.1119/1.2213635) giver et grovere tal, "omkring 9!²",
som et skøn snarere end en optælling. Forsøgene ovenfor tæller hver handling, valg af
kollaps medregnet, og lander cirka hundrede gange højere.
""",
    "ff552e90dc": """
### Opgave 06-4

Regn Goffs tal 9!² ud (brug `math.factorial`).
""",
    "553cc61e12": stuck("06-4"),
    "09a64f9685": """
## 4. Minimax

Minimax svarer på "hvem vinder, hvis begge sider spiller perfekt?" med en enkel rekursion. Et
afsluttet parti er +1 værd, hvis X vandt, −1, hvis O vandt, og 0 ved uafgjort. Ellers vælger den
side, der skal handle, sit bedste barn: X den største værdi, O den mindste. (Vælgeren i et
kollaps er også "den side, der skal handle".) Fordi stillinger ikke kan ændres og kan hashes,
husker `cache` hver stilling, der allerede er løst: en stilling, man når igen ad
en anden rækkefølge af træk, bliver slået op, ikke gennemsøgt igen.
""",
    "7eb5e5ff7f": """
Prøv den på problem 2 fra notesbog 05 (X skal lave træk 7). Fra træk 7 er træet lille.
""",
    "a9b0dffb9f": """
Cirka 1.400 stillinger løst, og mere end halvdelen af de stillinger, søgningen mødte, lå
allerede i cachen. Fra det tomme bræt skulle denne enkle minimax besøge en stor del
af 10¹³ partier: håbløst. Materialets løser (`qttt_edu.solver`) tilføjer fire idéer,
beskrevet i modulets docstring:

- **beskæring:** så snart ét vindende træk er fundet, behøver de andre ikke gennemsøges (den
  stiller ja/nej-spørgsmål som "kan X mindst tvinge uafgjort igennem?");
- **en transpositionstabel** som cachen ovenfor, med kompakte nøgler;
- **symmetri:** alle symmetriske billeder af en stilling deler én plads i tabellen;
- **rækkefølge af træk:** træk, der lukker en løkke, først, fordi deres kollaps ofte afslutter
  partiet med det samme.

Den er enig med vores minimax:
""",
    "963713f8fb": """
## 5. Betyder pointreglen noget?

Notesbog 04 viste tre måder at give point for et parti på. De adskiller sig kun, når ét kollaps giver
begge spillere en linje:

- **seed**, på skærmen *første linje* (materialets regel): den tidligste linje vinder. Værdierne +1, 0, −1.
- **complete**, på skærmen *dobbelt = uafgjort*: sådan et kollaps er uafgjort.
- **goff**, på skærmen *Goff-point*: Goffs point (1 og 1/2), som X's point minus O's: 1, 1/2, 0, −1/2, −1.

Her er en stilling efter tre træk, starten på et forløb med perfekt spil fra det
tomme bræt efter materialets regel. O skal lave træk 4.
""",
    "f60e45beea": predict("Giver de tre måder at give point på den samme værdi her?"),
    "8db7876050": """
Efter materialets regel vinder X; hvis samtidige linjer gav uafgjort, kunne O holde uafgjort;
og med Goffs point vinder X med et halvt point. Så O's bedste forsvar her *er* en
samtidig linje: O kan ikke forhindre X's linje, men kan fuldende sin egen i det samme
kollaps, bare senere. Pointreglen afgør, hvem der vinder et perfekt spillet parti.

## 6. Perfekt spil fra det tomme bræt

Det tager materialets løser et til to minutter pr. pointregel at løse det tomme bræt på en
bærbar, for længe til en lektion, så her er resultaterne som gemte tal. Alle kan
gentage dem (kommandoen herunder skriver værdien, et hovedforløb og antallet af
gennemsøgte knuder):

```
python -c "from qttt_edu import Position; from qttt_edu.solver import solve; print(solve(Position(), 'seed'))"
```

(erstat `'seed'` med `'complete'` eller `'goff'` for de andre pointregler).

| pointregel | værdi med perfekt spil | betydning | et bedste første træk | et forløb med perfekt spil |
|---|---|---|---|---|
| seed | +1 | **X vinder** | `1-9` | `1-9 1-2 1-3 1-2 c1 4-5 4-5 c4 6-7 6-7 c6` |
| complete | 0 | **uafgjort** | `1-2` | `1-2 1-3 1-4 1-5 1-7 1-3 c1 6-9 6-8 6-8 c6` |
| goff | +1/2 | **X vinder med et halvt point** | `1-9` | `1-9 1-3 1-3 c1 5-7 5-7 c7 2-8 2-4 2-4 c2` |

Forløbene med perfekt spil er partinotationer, så de kan spilles igen: hvert ender, som
værdien siger (en linje til X alene; et fuldt bræt; X's linje først og O's senere i det
samme kollaps).
""",
    "fea74ea3a9": """
Hvad det siger:

- **Den første spiller vinder** efter materialets regel: X har en strategi, der vinder mod
  ethvert forsvar, så intet forsvar hjælper O. (Matchen mellem tilfældige spillere i notesbog 05
  antydede allerede en stor fordel ved at trække først.)
- **O's bedste forsvar er en samtidig linje.** Med Goffs point får O stadig 1/2
  mod perfekt spil, og hvis samtidige linjer talte som uafgjort, ville spillet være
  uafgjort. Spillets værdi afhænger af reglen om den tidligste linje.
- **Det første træk betyder enormt meget.** Efter materialets regel finder løserens analyse af
  alle første træk præcis to, der vinder, `1-9` og `3-7`: et par i to
  modsatte hjørner, én af de otte familier ovenfor. Alle andre første træk, også par
  gennem midten, lader O holde uafgjort. (Vil du gentage det, tager det cirka fire minutter:
  `analyse(Position(), "seed")`.)

Løserens svar for stillingen ovenfor rummer allerede resten af seed-forløbet:
efter de tre første træk fortsætter perfekt spil sådan her (det hårde arbejde ligger tæt ved
roden, og derfor tager det kun et sekund, når man starter tre træk inde).
""",
    "64eafddfa1": """
## Resumé

- perft(n) tæller trækfølgerne n halvtræk dybt; hvor tællingen ikke slår til, giver Knuths tilfældige forsøg et skøn over træet.
- Brættets symmetrier samler X's første træk i få slags.
- Minimax med en cache løser sene stillinger på et øjeblik; materialets løser tilføjer beskæring, symmetri og rækkefølge af træk og løser det tomme bræt på et minut eller to.
- Med perfekt spil vinder X efter materialets regel, det bliver uafgjort, hvis samtidige linjer er uafgjort, og X vinder med 1/2 point med Goffs point; kun et første træk i to modsatte hjørner vinder, alle andre første træk giver uafgjort.

## Hvad nu

Fortsæt med **[07 · Metaforen og fysikken](07_metaphor_and_physics.da.ipynb)**. Sidste stop: hvad spillet lærer os om rigtig kvantemekanik, og hvad det ikke kan.
""",
}

"""Danish notebook 04 (winning and scoring): translations of the English cells."""

import re
from common_da import G, predict, stuck


CODE = [
    ("# the only legal move", "# det eneste tilladte træk"),
    ("# ← replace ... with your answer", "# ← erstat ... med dit svar"),
    ("# ← your prediction, e.g.", "# ← din forudsigelse, fx"),
    ('"yes" or "no"', '"ja" eller "nej"'),
    ('"X" or "O"', '"X" eller "O"'),
    # Yes/no answers are printed as words of the language, never as Python's True/False.
    ('print("game over:", rows.is_over)', 'print("partiet slut:", "ja" if rows.is_over else "nej")'),
    ('"classical marks:"', '"klassiske mærker:"'),
    ('print("winner:",', 'print("vinder:",'),
    ('"line", line.squares, "completed by move"', '"linje", line.squares, "fuldendt i træk"'),
    ("# take back the collapse c9", "# tag kollapset c9 tilbage"),
    ("# O puts X7 in square 8 instead", "# O lægger i stedet X7 i felt 8"),
    (
        'print("outcome:", other.outcome)',
        'print("udfald:", "intet endnu, partiet fortsætter" if other.outcome is None'
        " else other.outcome)",
    ),
    ('"line", line.squares, "highest move"', '"linje", line.squares, "højeste træk"'),
    ('"example 4:"', '"eksempel 4:"'),
    ('"O\'s column game:"', '"O\'s søjleparti:"'),
    ('complete = "draw" if', 'complete = "uafgjort" if'),
    ('"O\'s column": o_wins', '"O\'s søjle": o_wins'),
    ('"another": Game', '"et andet": Game'),
    ('"example 4": example4', '"eksempel 4": example4'),
    ("{'game':12}", "{'parti':12}"),
    ('"legal:"', '"lovlige:"'),
    ('"wins with"', '"vinder med"'),
    ("# codes 1-9 are the classical ninth move", "# koderne 1-9 er det klassiske niende træk"),
    ('"single-square moves seen at move numbers:"', '"træk i ét felt set ved træknumrene:"'),
    (
        re.compile(r'^print\("games ended by the ninth move:", (.+)\)$', re.M),
        r'print("partier afsluttet af det niende træk:", "ja" if \1 else "nej")',
    ),
]

MARKDOWN = {
    "9273eb923d": """
# 04 · Sejr og point

*Kvante-kryds og bolle, elevens vej, notesbog 04 af 07 (dansk udgave).*
[Åbn denne notesbog på Binder](https://mybinder.org/v2/gh/qttt-edu/qttt-edu/HEAD?labpath=notebooks/i18n/04_winning_and_scoring.da.ipynb) (kører i browseren, intet skal installeres).

**Efter denne notesbog kan du**

- afgøre, hvem der har vundet i en stilling, kun ud fra de klassiske mærker;
- bruge reglen om den tidligste linje, når ét kollaps giver begge spillere en linje;
- regne Goffs offentliggjorte point ud og sige, hvordan de adskiller sig fra materialets ene resultat;
- genkende X's niende træk og forklare, hvorfor det kun kan ske i træk 9.

**Før du starter:** notesbog [03 · Måling og kollaps](03_measurement_and_collapse.da.ipynb) (hvad et kollaps gør). Du behøver ingen Python ud over at køre celler.

**Tid:** cirka 60 minutter (opgaverne medregnet), heraf 10 til det parti, du spiller i afsnit 7. Er tiden knap, så spil det parti (opgave 04-4) derhjemme eller i starten af næste lektion.
""",
    "6df7bcdb2d": """
## Klar til start

Kør cellen herunder (klik i den, og tryk **Shift+Enter**). Den indlæser spillets
regelmotor og opgavetjekkeren. Et `Game`, der er bygget ud fra en *partinotation* som
`"1-2 1-2 c1"`, tegner sig selv, når det står på sidste linje i en celle.
""",
    "ed1013f1d3": f"""
## 1. Kun klassiske mærker tæller

I stillingen herunder har X spillet tre træk, `4-7`, `5-8` og `6-9`: der står et
X-[spøgelsesmærke]({G}#spooky-mark) i hvert felt i den midterste række *og* i
den nederste række.
""",
    "8f758572ec": predict("Har X vundet: er partiet slut?"),
    "f13e4fdb56": f"""
En linje er en række, en søjle eller en diagonal, hvis tre felter rummer
[klassiske mærker]({G}#classical-mark) fra samme spiller. Et spøgelsesmærke står endnu ikke
noget sted med sikkerhed, så spøgelsesmærker danner aldrig en linje, uanset hvor mange af dem der står
på stribe. Intet er klassisk endnu, så ingen har en linje. X's mærker kunne stadig alle ende i den
nederste række, eller alle i den midterste, eller blive delt mellem dem: spillet kan ikke
vide det, før mærkerne kollapser. Partiet slutter først, når et kollaps efterlader mindst én
linje, eller når alle ni felter er klassiske.

## 2. En linje, og partiets afslutning

Her er et kort parti. X's syvende træk, `8-9`, lander i de samme to felter som O6 og
lukker en løkke. O er vælgeren, lægger X7 i felt 9, og hele gruppen kollapser.
""",
    "289c352e65": """
Partiets `outcome` (udfald) fortæller, hvem der vandt, og med hvilken linje. Hver linje har sit
**højeste træknummer**: det træk, der fuldendte den.
""",
    "06a026063c": """
O havde et valg og valgte godt. Tag kollapset tilbage, og lad O vælge det andet
felt til X7:
""",
    "655444c71a": """
Med X7 i felt 8 bliver O6 skubbet til 9, og ingen har en linje: partiet fortsætter. Ved at
lukke en løkke gav X valget til O, og O brugte det til at fuldende søjlen 2-5-8.
Notesbog 05 handler om at se den slags fælder, før man går i dem.

## 3. Når ét kollaps giver *begge* spillere en linje

Et kollaps afgør mange mærker på én gang, så det kan fuldende en X-linje og en O-linje i
samme øjeblik. Hvilken tæller? Den regel, materialet spiller efter:

> Tag for hver linje det højeste træknummer i den. Den spiller, hvis linje har det
> laveste af disse tal (den blev fuldendt først), vinder.

X's træknumre er ulige og O's lige, så de to linjer kan aldrig stå lige. Her er gennemregnet
eksempel 4 fra materialets regler:
""",
    "aeb090cd67": predict(
        "Begge spillere har en linje på dette bræt. Find dem og hver linjes højeste"
        " træknummer. Hvem vinder?"
    ),
    "804c7a5824": """
O's række 7-8-9 var fuldendt med O8; X's række 1-2-3 skal bruge X9, som kom senere. Så O
vinder, selv om X's linje blev fuldendt af det samme kollaps. Linjerne står med den
tidligste først, så `outcome.lines[0]` er altid den vindende linje.
""",
    "84419a9b87": """
### Opgave 04-1

Dette parti slutter med ét kollaps, der giver begge spillere en linje:
`1-2 6-9 4-5 8-9 7-9 2-7 4-6 5-8 c5`. Byg partiet i den næste celle, se på
brættet, og afgør, **hvem der vinder** (`"X"`, `"O"` eller `"uafgjort"`), uden at skrive
udfaldet ud. Tjek så.
""",
    "02cc335120": stuck("04-1"),
    "9bb83073b1": """
## 4. Goffs offentliggjorte point

Goffs artikel (A. Goff, “Quantum tic-tac-toe: A teaching metaphor for superposition in quantum mechanics”, *Am. J. Phys.* **74**, 962–973 (2006), doi:10.1119/1.2213635) giver et parti point i stedet for ét resultat:

| hvad der skete | vinderen | den anden spiller |
|---|---|---|
| én spiller fuldender en linje | 1 | 0 |
| ét kollaps giver begge spillere en linje | 1 for den tidligste linje | 1/2 for den seneste linje |
| uafgjort (fuldt bræt, ingen linje) | 0 | 0 |

To linjer til samme spiller giver stadig 1 (artiklen overvejer 1½ eller 2 point for en
dobbelt linje; det giver materialet ikke point for). Materialet bruger som standard ét resultat
(sejr, nederlag eller uafgjort); Goffs point er med til undervisningen og til løseren i
notesbog 06. `outcome.scores` giver dem.
""",
    "61926c0fbf": """
### Opgave 04-2

Hvad giver Goffs point for **partiet i opgave 04-1**? Svar med en dict som `{"X": 1, "O": 0}`
eller med to tal, X først.
""",
    "40edbaf327": stuck("04-2"),
    "180e76f08c": """
### Tre måder at give point for de samme partier

Løseren i notesbog 06 kender tre måder at give point på. De er enige om alle partier undtagen
dem, hvor ét kollaps giver begge spillere en linje:

- **seed**, på skærmen *første linje* (materialets standard, efter spillets regelside): den tidligste linje vinder; ét resultat;
- **complete**, på skærmen *dobbelt = uafgjort*: et kollaps, der giver begge spillere en linje, tæller som uafgjort;
- **goff**, på skærmen *Goff-point*: Goffs point, 1 og 1/2.

Cellen herunder stiller notesbogens partier op ved siden af hinanden.
""",
    "be56388815": """
## 5. To linjer til én spiller

Et enkelt træk kan fuldende to linjer til samme spiller. Det er stadig én sejr og, med
Goffs point, ét point. I dette parti lander X's sidste mærke i midten:
""",
    "a8018d7750": """
## 6. Det niende træk

Se på det sidste led i den partinotation: et enligt `5`, ikke et par. Efter at O's træk 8
var kollapset, var kun felt 5 ledigt. Et par spøgelsesmærker skal bruge to ledige felter, så
X's niende træk er ét almindeligt klassisk mærke.

Her er et andet parti efter træk 8 (partinotationen stopper før X's sidste træk):
""",
    "490274f17c": """
### Opgave 04-3

Hvor skal X's niende træk stå i dette parti? Svar med feltets nummer.
""",
    "f39ec638af": stuck("04-3"),
    "5e15841264": """
Lad nu regelmotoren skrive de lovlige træk op og spille det niende træk.
""",
    "23c6179825": """
### Hvorfor kun i træk 9?

Tæl efter. Før træk *n* er der lavet *n* − 1 mærker, og hvert klassisk mærke fylder et
felt. Så antallet af ledige felter er 9 − (klassiske mærker) = 10 − *n* + (spøgelsesmærker),
mindst 10 − *n*. Ét enkelt ledigt felt kræver 10 − *n* ≤ 1: træk 9, uden nogen
spøgelsesmærker tilbage.

Og hvis to eller flere felter er ledige i træk 9? Så står *s* spøgelsesmærker på *s* + 1
ledige felter. De danner en skov (alle løkker er kollapset), og en skov med én
kant færre end felter er ét enkelt træ, der forbinder dem alle. Så ethvert par, X sætter,
forbinder to felter, der allerede hænger sammen: det lukker en løkke, og O's valg fylder
brættet.

I stedet for at stole på argumentet kan du teste det: spil mange tilfældige partier, og skriv
de træknumre ned, hvor regelmotoren nogensinde tilbød et træk i ét enkelt felt.
""",
    "4f543c35b4": predict(
        "Ved hvilke træknumre dukker et træk i ét enkelt felt op i 2.000 tilfældige partier?"
    ),
    "c5c147a758": """
2.000 partier kan ikke bevise en regel, men det kan argumentet ovenfor; partierne tester det.
Var et træk i ét enkelt felt nogensinde dukket op før træk 9, ville argumentet være forkert.

## 7. Et parti for dig selv

Spil nu et helt parti til ende mod din sidemand eller mod computeren (vælg
modstanderen i appens menu). Spørg dig selv før hvert træk, om det lukker en
løkke, og hvem der så skal vælge.
""",
    "69c7f9e3a3": """
### Opgave 04-4

Giv tjekkeren partinotationen for **det parti, du lige har spillet**, spillet til ende (en linje eller et
fuldt bræt). Den første linje i cellen henter den fra appen; har du spillet på papir, så skriv
din partinotation i stedet. Tjekkeren spiller den igennem med regelmotoren. Sig så, hvem der vandt,
med hvilken linje og hvilket træk der fuldendte den, og tjek med
`Game.from_record(answer).outcome`.
""",
    "31a527f5f8": stuck("04-4"),
    "420c74a058": """
## Resumé

- Kun klassiske mærker danner linjer; spøgelsesmærker på stribe betyder endnu ingenting.
- Partiet slutter, når et kollaps efterlader en linje, eller når brættet er fuldt af klassiske mærker (uafgjort, hvis der ikke er nogen linje).
- Giver ét kollaps begge spillere en linje, vinder linjen med det laveste højeste træknummer (materialets regel).
- Goffs point: 1 for en linje; 1 og 1/2, når ét kollaps giver begge spillere en linje; 0 til hver ved uafgjort.
- X's niende træk er ét klassisk mærke, når kun ét felt er ledigt, og det kan kun ske i træk 9.

## Hvad nu

Fortsæt med **[05 · Strategi](05_strategy.da.ipynb)**. Den bruger det, du nu ved, til at spille godt: computerspillerne, fælder og en turnering for din egen spiller.
""",
}

"""Danish notebook 07 (the metaphor and the physics): translations of the English cells."""

from common_da import G, predict, stuck


CODE = [
    ("# P(Alice gets 1) = P(10) + P(11)", "# P(Alice får 1) = P(10) + P(11)"),
    ("# ← replace ... with your answer", "# ← erstat ... med dit svar"),
    ("# ← your prediction, e.g.", "# ← din forudsigelse, fx"),
    ('"yes" or "no"', '"ja" eller "nej"'),
    (
        '"X3 landed in square 1 in", landings.count(1), "of 1000 coin-tossed collapses"',
        '"X3 landede i felt 1 i", landings.count(1), "af 1000 kollaps afgjort med mønt"',
    ),
    (
        '"""A player whose collapses are decided by a fair coin; its moves are unchanged."""',
        '"""En spiller, hvis kollaps afgøres af en ærlig mønt; dens træk er uændrede."""',
    ),
    ('player.name + " + coin"', 'player.name + " + mønt"'),
    (
        '"""The share count/games and its 95 % confidence interval, as (share, low, high)."""',
        '"""Andelen count/games og dens 95 %-konfidensinterval, som (andel, lav, høj)."""',
    ),
    (
        'print(f"{GAMES} games each      X wins             O wins             draws")',
        'print(f"{GAMES} partier hver   X vinder           O vinder           uafgjort")',
    ),
    (
        '(("chooser decides", chosen), ("coin decides", coin))',
        '(("vælger bestemmer", chosen), ("mønt bestemmer", coin))',
    ),
    (
        'shares["chooser decides"][0], shares["coin decides"][0]',
        'shares["vælger bestemmer"][0], shares["mønt bestemmer"][0]',
    ),
    (
        '# "less" only if the intervals do not overlap',
        '# "sjældnere" kun, hvis intervallerne ikke overlapper',
    ),
    ('print("by hand:",', 'print("i hånden:",'),
    (
        '"amplitudes:", state.round(3), "  sum of squares:"',
        '"amplituder:", state.round(3), "  sum af kvadraterne:"',
    ),
    (
        '"""How many of `shots` measurements of `state` gave each outcome (Born rule)."""',
        '"""Hvor mange af `shots` målinger af `state` gav hvert udfald (Borns regel)."""',
    ),
    ('"counts of 0 and 1:"', '"antal 0 og 1:"'),
    (
        '"after H:    amplitudes", once.round(3), "  counts"',
        '"efter H:    amplituder", once.round(3), "  antal"',
    ),
    (
        '"after H, H: amplitudes", twice.round(3) + 0.0, "  counts"',
        '"efter H, H: amplituder", twice.round(3) + 0.0, "  antal"',
    ),
    (
        "# The same two steps with probabilities only (each step a fair coin): no signs, no cancelling.",
        "# De samme to skridt med kun sandsynligheder (hvert skridt en ærlig mønt):"
        " ingen fortegn, intet ophæver hinanden.",
    ),
    ('"coin, coin: probabilities"', '"mønt, mønt: sandsynligheder"'),
    (
        '"""The matrix that measures a qubit along the angle `degrees`."""',
        '"""Matricen, der måler en qubit langs vinklen `degrees`."""',
    ),
    (
        '"""Probabilities of the outcome pairs 00, 01, 10, 11 for the two angles."""',
        '"""Sandsynlighederne for udfaldsparrene 00, 01, 10, 11 ved de to vinkler."""',
    ),
    ('print("both at 0°:",', 'print("begge ved 0°:",'),
    ("# Bob's choice for every shot: 0 or 1", "# Bobs valg for hvert skud: 0 eller 1"),
    ("# Alice's result is the first digit", "# Alices resultat er det første ciffer"),
    (
        'print(f"Bob at {45 * bit:2}°: Alice got 1 in {percent(share, 1)} of {shots} shots"',
        'print(f"Bob ved {45 * bit:2}°: Alice fik 1 i {percent(share, 1)} af {shots} skud"',
    ),
    (
        'f" (95 % interval {percent(share - margin, 1)} to {percent(share + margin, 1)}); exact {number(exact, 3)}")',
        'f" (95 %-interval {percent(share - margin, 1)} til {percent(share + margin, 1)}); præcist {number(exact, 3)}")',
    ),
    ('"S for the 16 possible slips:"', '"S for de 16 mulige sedler:"'),
    ("# result product for 00, 01, 10, 11", "# resultaternes produkt for 00, 01, 10, 11"),
    (
        '"""E(a, b): exact, or estimated from `shots` simulated measurements."""',
        '"""E(a, b): præcist, eller skønnet ud fra `shots` simulerede målinger."""',
    ),
    (
        "# each E has standard error at most 1/√shots",
        "# hver E har en standardfejl på højst 1/√shots",
    ),
    ('print(f"exact S = {number(exact, 4)}', 'print(f"præcist S = {number(exact, 4)}'),
    (
        'print(f"simulated S = {number(simulated, 2)}, 95 % interval {number(simulated - margin, 2)} to',
        'print(f"simuleret S = {number(simulated, 2)}, 95 %-interval {number(simulated - margin, 2)} til',
    ),
]

MARKDOWN = {
    "f9bbdc1c33": """
# 07 · Metaforen og fysikken

*Kvante-kryds og bolle, elevens vej, notesbog 07 af 07 (dansk udgave).*
[Åbn denne notesbog på Binder](https://mybinder.org/v2/gh/qttt-edu/qttt-edu/HEAD?labpath=notebooks/i18n/07_metaphor_and_physics.da.ipynb) (kører i browseren, intet skal installeres).

**Efter denne notesbog kan du**

- sige, hvad spillets ensemble er (en klassisk sandsynlighedsfordeling over brætter), og dermed hvad spillet kan og ikke kan vise om kvantemekanik;
- spille en variant, hvor tilfældet og ikke en spiller afgør hvert kollaps, og sige, hvad der ændrer sig, og hvor sikker du er;
- gange en matrix med en vektor og bruge det til at simulere qubits med numpy: Borns regel, amplituder og interferens;
- køre et CHSH-eksperiment: sammenligne, hvad sammenfiltrede qubits giver, med hvad enhver liste af forudbestemte svar (eller af brætter) kan give;
- vise, at Bobs valg af måling ikke ændrer Alices resultater (no-signalling), og hvorfor spillets vælger er anderledes.

**Før du starter:** notesbog [01](01_superposition.da.ipynb) til [03](03_measurement_and_collapse.da.ipynb). Afsnit 4–6 bruger lidt algebra: afsnit 4 lærer dig den ene smule matrixregning, der skal til. Du behøver ikke komplekse tal.

**Tid:** cirka 65 minutter, to lektioner: afsnit 1–4 (cirka 35 minutter), derefter 5–7 (opgaverne medregnet). Har du kun én lektion, så stop efter afsnit 4, og læs afsnit 7.
""",
    "c75b126833": f"""
## 1. Hvad spillet viser

Allan Goff byggede spillet, så dets træk *opfører sig som* kvanteidéer (A. Goff, “Quantum tic-tac-toe: A teaching metaphor for superposition in quantum mechanics”, *Am. J. Phys.* **74**, 962–973 (2006), doi:10.1119/1.2213635).
Det giver hver idé et billede, du kan lege med:

| kvanteidé | dens billede i spillet |
|---|---|
| **superposition**: et system i flere tilstande på én gang, indtil det måles | et spøgelsespar: ét mærke skrevet i to felter ([spøgelsesmærke]({G}#spooky-mark)) |
| **sammenfiltring**: en fælles tilstand, der ikke er et produkt af separate tilstande | mærker, der deler felter: nogle kombinationer er udelukket, og ket'en kan ikke skrives som et produkt ([sammenfiltring]({G}#entanglement)) |
| **måling**: ét bestemt udfald, de andre muligheder er væk | et [kollaps]({G}#collapse): ét klassisk bræt for hele gruppen |
| **ikke-lokale korrelationer**: sammenfiltrede dele afgøres sammen, uanset afstanden | et kollaps afgør mærker i felter langt fra hinanden på én gang |
| **et ensemble** af muligheder | [ensemblet]({G}#ensemble) af [virkeligheder]({G}#reality): alle de klassiske brætter, der stadig er mulige |

## 2. Hvad spillets ensemble er, og hvad det ikke kan skelne

Se nøgternt på ensemblet. Det er en liste af almindelige brætter, hver med samme
sandsynlighed: en **klassisk sandsynlighedsfordeling**, af samme slags som et blandet spil
kort. Når mærker deler et felt, eller en løkke kollapser, bliver brætter strøget fra
listen, og resten får lige store andele: det er helt almindelig **betinget sandsynlighed**,
det samme, du gør, når du får at vide, at et kort ikke er esset.

Så intet i spillet kan skelne en superposition fra ren **uvidenhed** (mærket står
i ét felt, vi ved bare ikke hvilket), eller sammenfiltring fra almindelig
**korrelation** (et rødt og et sort kort forseglet i hver sin kuvert: åbn den ene, og
du kender den anden). Billederne i tabellen ovenfor passer på begge dele. Det, der gør
kvantemekanikken anderledes, optræder slet ikke i spillet:

| | kvantemekanik | Kvante-kryds og bolle |
|---|---|---|
| vægte | hver mulighed har en **amplitude**; sandsynlighederne er deres kvadrater (Borns regel) og behøver ikke være lige store | hver virkelighed tæller lige meget (Goffs lige vægte) |
| fortegn (faser) og interferens | amplituder har fortegn, så to veje til samme udfald kan lægges sammen eller **ophæve** hinanden | virkeligheder lægges kun sammen; intet ophæver nogensinde noget |
| korrelationer | sammenfiltrede qubits giver korrelationer, som **ingen liste** af forudbestemte udfald kan give (afsnit 6) | en liste af brætter er netop sådan en liste |
| hvem der vælger udfaldet | **ingen**: det er tilfældigt, med sandsynligheder efter Borns regel | **en spiller**, med vilje (vælgeren) |
| at sende beskeder | umuligt med sammenfiltring alene (**no-signalling**, afsnit 5) | vælgerens beslutning fastlægger mærker overalt i gruppen |
| hvornår det sker | når systemet vekselvirker med et måleapparat | når en løkke lukkes |

De næste afsnit gør rækkerne konkrete, én ad gangen.

## 3. Tilfældet i stedet for valget

Goff foreslår selv en variant, hvor hvert kollaps afgøres tilfældigt. I fig. 4
(`1-2 2-5 1-5`) har X3 lukket en løkke; med en mønt i stedet for en vælger:
""",
    "26b06a3ced": """
### Opgave 07-1

Hvad er sandsynligheden i den tilfældige variant for, at X3 lander i felt 1 i fig. 4?
""",
    "87ab7f65f7": stuck("07-1"),
    "10447f0e2c": """
En mønt ændrer spillet mere, end man skulle tro. Den heuristiske spiller (Tommelfingerregler) vælger
sine kollaps for at vinde; med en mønt er de valg væk. Herunder beholder en *møntkollaps*-indpakning
en spillers træk, men slår plat eller krone om hvert kollaps. To heuristiske
spillere mødes 500 gange i hver udgave af spillet.
""",
    "457160f364": """
Et resultat fra 500 partier er ikke præcist: spil 500 til, og andelene flytter sig lidt.
En andel set i *n* partier spreder sig omkring den sande chance *p* med cirka
√(*p*(1 − *p*)/*n*), så **95 %-konfidensintervallet**, andel ± 2√(andel × (1 −
andel)/*n*), er de chancer, der passer med det, vi så. Hvor intervallerne for de
to udgaver ikke overlapper, er forskellen ikke held; hvor de overlapper, kan disse
partier ikke afgøre det.
""",
    "b504912516": predict(
        "Vinder X, som trækker først, *sjældnere*, når en mønt afgør hvert kollaps?"
    ),
    "1c1da6e2ff": """
Det, der ændrer sig, er ikke X's andel: de to intervaller for X overlapper, så disse partier viser
ingen forskel dér. Det, der ændrer sig, er, hvordan de partier, X ikke vinder, ender: med en
mønt **vinder O oftere, og uafgjort bliver sjældnere** (de intervaller overlapper ikke).
En vælger kan tit styre et kollaps væk fra modstanderens linje og over i uafgjort;
en mønt kan ikke. Med en mønt er det at lukke en løkke ikke længere at stille modstanderen et
spørgsmål: det er et væddemål, og strategien skifter fra "tilbyd aldrig et vindende valg" til
"tilbyd kun gode chancer".

Den tilfældige variant er tættere på fysikken på ét punkt (udfaldene er tilfældige) og
præcis lige så langt fra på et andet: mønten er ærlig, 50:50, mens en rigtig måling følger
Borns regel med vægte, der ikke behøver være lige store. Hvor kommer de vægte fra?

## 4. Et rigtigt system med to tilstande, i numpy

### En matrix gange en vektor

Dette afsnit og det næste bruger én slags regning. En **vektor** er en liste af
tal, fx (3, 4). En **matrix** er en tabel af tal. En matrix gange en vektor
giver en ny vektor: hver indgang er én **række** i matricen gange vektoren, indgang for
indgang, lagt sammen:

```
| 1  2 |   | 3 |   | 1·3 + 2·4 |   | 11 |
| 0 -1 | · | 4 | = | 0·3 − 1·4 | = | -4 |
```

numpy skriver vektorer og matricer som arrays og produktet som `@`:
""",
    "0f6bf8a924": """
Prøv en anden vektor i stedet for (3, 4), regn produktet ud i hånden først, og kør så
cellen igen.

### Amplituder og Borns regel

En *qubit* (en fotons polarisation, en elektrons spin) har to grundtilstande, skrevet
|0⟩ og |1⟩. Dens tilstand er en vektor af to **amplituder**, (a, b), som står for
a|0⟩ + b|1⟩ med a² + b² = 1. (Generelt er amplituder komplekse tal, og reglen
bruger deres størrelser |a|² og |b|²; de reelle tal i denne notesbog er nok til
alt, hvad den viser.) Måler man qubitten, får man 0 med sandsynligheden a² og 1 med
sandsynligheden b²: **Borns regel**. Ingen vælger; udfaldet er tilfældigt.

Denne tilstand har amplituden 1/√3 for |0⟩:
""",
    "6f22530ccd": """
### Opgave 07-2

Vi måler denne qubit: hvad er sandsynligheden for udfaldet 0?
""",
    "dbef6ae09a": stuck("07-2"),
    "36f941e470": """
Mål 10.000 ens forberedte qubits. `rng.choice(2, size=shots, p=...)` trækker
udfaldet 0 eller 1 for hvert skud med sandsynlighederne `p`: Borns regel, ét skud
ad gangen. Antallene nærmer sig sandsynlighederne.
""",
    "56cce6b39d": """
Forskellige vægte (cirka 1/3 og 2/3) fra en enkelt superposition: Goffs ensemble kunne
kun give 1/2 og 1/2 for ét mærke i to felter.

### Interferens: det, spillet ikke kan

Kvantetilstande kan *drejes* ved at gange dem med en matrix. Hadamard-gaten H
sender |0⟩ = (1, 0) over i den ligelige superposition (|0⟩ + |1⟩)/√2, og |1⟩ = (0, 1) over i
(|0⟩ − |1⟩)/√2: læg mærke til **minustegnet**. Brug H på |0⟩, og mål: 50:50, ligesom et
spøgelsesmærke i to felter.
""",
    "313a9ae190": """
### Opgave 07-3

Brug nu H **to gange** på |0⟩, og mål. Hvad er sandsynligheden for udfaldet 0?
Regn H gange vektoren (1/√2, 1/√2) ud i hånden, fortegn medregnet, før du kører den
næste celle.
""",
    "f302eebc04": stuck("07-3"),
    "21683b19f7": """
To veje fører til |1⟩ efter to H-gates, med amplituderne +1/2 og −1/2: de **ophæver** hinanden.
De to veje til |0⟩ giver tilsammen 1. Det er **interferens**, og det er kernen i
kvanteadfærd (dobbeltspalten virker på samme måde). Holder man kun styr på sandsynligheder,
som spillets lige vægtede virkeligheder gør, blander hvert skridt blot mulighederne, og intet ophæver
nogensinde noget: 50:50 for altid. Goffs spil har ingen fortegn, så det har ingen interferens.

## 5. To qubits: korreleret, men ingen besked

To qubits, én til Alice og én til Bob, har fire grundtilstande 00, 01, 10 og 11,
så deres tilstand er en vektor af fire amplituder. Den sammenfiltrede tilstand (|00⟩ + |11⟩)/√2
er `[1, 0, 0, 1] / √2`.

Hver af dem kan vælge, **hvordan** de vil måle: langs en vinkel θ (tænk på at dreje et
polarisationsfilter). At måle langs θ betyder at dreje qubitten med matricen
`turn(θ)` herunder og så aflæse 0 eller 1. `np.kron(A, B)` bygger den 4 × 4-matrix, der
bruger A på Alices qubit og B på Bobs på samme tid. Så giver Borns regel
sandsynlighederne for de fire udfaldspar.
""",
    "78f59cb3d9": """
Målt langs samme vinkel er de to resultater altid ens (00 eller 11, halvdelen af gangene
hver), uanset hvor langt fra hinanden Alice og Bob er. To kuverter med kort, der passer sammen, ville
også kunne det. Nu det spørgsmål, der betyder noget for at sende beskeder: kan **Bob**, ved
at vælge sin vinkel, ændre det, **Alice** ser?

Bob prøver. Han vil sende bittene i en besked: for et 0 måler han langs 0°, for et
1 langs 45°. Alice måler altid langs 0° og tæller sine 1-taller, hver for sig for de
skud, hvor Bob sendte 0, og hvor han sendte 1 (hun kan først sortere dem bagefter, når Bob
fortæller hende sin liste ad almindelig vej).
""",
    "05af8aa487": predict(
        "Bliver Alices andel af 1-taller anderledes, når Bob vælger 45° i stedet for 0°?"
    ),
    "724c5920c7": """
Uanset hvad Bob vælger, ser Alice en ærlig mønt: præcis 1/2 i teorien og intervaller,
der overlapper i eksperimentet. Bobs valg ændrer **korrelationen** mellem
deres resultater (som kun viser sig, når de sammenligner lister), aldrig Alices egen
statistik. Ingen kan vælge et udfald, så ingen besked kommer igennem: det er
**no-signalling**-princippet.

I spillet *vælger* vælgeren faktisk udfaldet, og valget fastlægger mærker i
hvert felt i gruppen på én gang. Hvis felterne var laboratorier langt fra hinanden, kunne
vælgeren sende en besked gennem kollapset. Naturens målinger er terningkast,
som ingen styrer.

## 6. En test for lister af brætter: CHSH-eksperimentet

Afsnit 5's ens resultater kunne komme fra kuverter, der var gjort klar på forhånd. I 1969
fandt Clauser, Horne, Shimony og Holt (CHSH) en test, som ingen sådan forberedelse kan
bestå (J. F. Clauser, M. A. Horne, A. Shimony, R. A. Holt, *Phys. Rev. Lett.* **23**,
880 (1969)). Alice måler langs én af to vinkler, *a* eller *a′*; Bob langs *b* eller *b′*.
Regn hvert resultat som +1 eller −1, og lad E være gennemsnittet af (Alices resultat × Bobs
resultat) for ét par vinkler: +1, hvis de altid er ens, −1, hvis de altid er forskellige.
Tag så

> S = E(*a*, *b*) + E(*a*, *b′*) + E(*a′*, *b*) − E(*a′*, *b′*).

**En liste, der er lavet på forhånd.** Antag, at hvert par qubits havde en seddel med, der siger, hvad
der skal svares for hver vinkel, ligesom en kuvert, eller ligesom et bræt i spillets ensemble.
Cellen herunder afprøver alle mulige sedler: Alices svar for *a* og *a′*, Bobs for
*b* og *b′*.
""",
    "105d7c38b1": predict(
        "Hvad er det største S, som en seddel, eller en blanding af sedler, kan give?"
    ),
    "d8b661c21e": """
Hver enkelt seddel giver S = +2 eller −2 (skriv S = A(B + B′) + A′(B − B′): den ene parentes er
0 og den anden ±2). En blanding af sedler, enhver sandsynlighedsfordeling over dem, som
spillets ensemble over brætter, giver et gennemsnit af sådanne værdier, så den kan aldrig
komme over 2. Det er en **Bell-ulighed**: |S| ≤ 2 for alle svar, der er fastlagt på forhånd, når indstillingerne vælges uafhængigt af dem.

**Sammenfiltrede qubits.** Mål nu parret (|00⟩ + |11⟩)/√2 ved vinklerne
*a* = 0°, *a′* = 45°, *b* = 22,5°, *b′* = −22,5°, og beregn E præcist med `joint`
og også ud fra 10.000 simulerede skud pr. par af vinkler.
""",
    "afc2965999": predict("Hvilken værdi af S giver de sammenfiltrede qubits?"),
    "f5d6143a0e": """
S = 2√2 ≈ 2,83, et godt stykke over den klassiske grænse på 2 (det simulerede interval holder sig også
over 2), og 2√2 er det mest, kvantemekanikken tillader (B. S. Cirel'son, *Lett. Math.
Phys.* **4**, 93 (1980)). Ingen liste af forudbestemte svar, intet ensemble af brætter, kan
det. Eksperimenter med rigtige fotoner, elektroner og atomer finder værdier over 2, også
i "loophole-free"-test uden smuthuller (fx B. Hensen et al., *Nature* **526**, 682 (2015)); Nobelprisen
i fysik 2022 gik til Alain Aspect, John Clauser og Anton Zeilinger for
sådanne eksperimenter. Og selv da, som afsnit 5 viste,
ser Alice alene stadig en ærlig mønt: stærk korrelation, ingen besked.

Kvante-kryds og bolle bliver, som enhver liste af brætter, der spilles ud tilfældigt, på eller under 2. Det er den klareste grænse mellem metaforen og fysikken.
""",
    "4a5ef0bb19": """
### Udsagn til opgave 07-4

Hvilke af disse udsagn gælder for **Kvante-kryds og bolle, som materialet spiller det**?

- **A.** I spillets ensemble tæller hvert klassisk bræt lige meget.
- **B.** To af spillets virkeligheder kan ophæve hinanden, ligesom amplituder gør ved
  interferens.
- **C.** Tilfældet afgør, hvordan en løkke kollapser.
- **D.** Mærker i felter, der ligger langt fra hinanden på brættet, kan være sammenfiltrede.
""",
    "5385eac9c1": """
### Opgave 07-4

Angiv bogstaverne for alle de udsagn, der gælder, fx `"B, C"`.
""",
    "91eb661b2f": stuck("07-4"),
    "d70a19afef": """
## 7. Hvad er spillet så godt for?

En metafor er et værktøj med en rækkevidde. Kvante-kryds og bolle giver kvantemekanikkens
**ordforråd og bogholderi** en form, du kan lege med: en liste af muligheder
i stedet for ét faktum, muligheder, der udelukkes, når systemer vekselvirker, en hel gruppe,
der afgøres af én måling, og optællingen af det hele. Det, spillet ikke kan vise, er
det, der gør idéerne til *kvante*: amplituder med fortegn, der interfererer, korrelationer
ud over enhver liste (CHSH) og udfald, som ingen styrer. Spillets "superposition" kunne
lige så godt være uvidenhed, og dets "sammenfiltring" et par forseglede kuverter. At vide
præcis, hvor den grænse går, er det, du har lært.
""",
    "c384a6b613": """
## Resumé

- Spillets ensemble er en klassisk sandsynlighedsfordeling over brætter; at udelukke brætter er almindelig betinget sandsynlighed. Så spillet kan ikke skelne superposition fra uvidenhed eller sammenfiltring fra klassisk korrelation: det giver billeder af idéerne, ikke af fysikken.
- En mønt i stedet for en vælger ændrer, hvordan partierne ender; påstande ud fra simuleringer kræver nok partier og en usikkerhed (95 %-intervaller).
- Rigtige målinger følger Borns regel: sandsynlighed = amplitude²; amplituder kan ophæve hinanden (interferens), sandsynligheder kan ikke.
- Bobs valg af måling ændrer ikke Alices statistik (no-signalling); spillets vælger kunne sende signaler, fordi en spiller vælger udfaldet.
- CHSH: svar, der er fastlagt på forhånd, og sammenfiltrede qubits har forskellige grænser for S, den klareste grænse mellem metaforen og fysikken.

## Hvad nu

Du er nået til enden af vejen. Gå tilbage til [00 · Start her](00_start_here.da.ipynb), og spil et parti mod den perfekte spiller med nye øjne, prøv varianten med tilfældigt kollaps med en ven og en mønt, eller læs Goffs artikel, der diskuterer mange flere idéer (interferens, dekohærens, mange verdener), end der er plads til her.
""",
}

"""Norwegian (bokmål) notebook 07, the metaphor and the physics: translations by fingerprint."""

from common_nb import ANSWER, GOFF, PROMPT, G, header, link, predict, stuck, title

NAME = "07_metaphor_and_physics"

CODE = [
    PROMPT,
    ANSWER,
    ('"yes" or "no"', '"ja" eller "nei"'),
    ('"X3 landed in square 1 in"', '"X3 havnet i rute 1 i"'),
    ('"of 1000 coin-tossed collapses"', '"av 1000 kollapser avgjort med mynt"'),
    (
        '"""A player whose collapses are decided by a fair coin; its moves are unchanged."""',
        '"""En spiller der en rettferdig mynt avgjør kollapsene; trekkene er uendret."""',
    ),
    ('player.name + " + coin"', 'player.name + " + mynt"'),
    (
        '"""The share count/games and its 95 % confidence interval, as (share, low, high)."""',
        '"""Andelen count/games og 95 %-konfidensintervallet, som (andel, nedre, øvre)."""',
    ),
    (
        'print(f"{GAMES} games each      X wins             O wins             draws")',
        'print(f"{GAMES} partier hver    X vinner           O vinner           uavgjort")',
    ),
    ('"chooser decides"', '"velgeren bestemmer"'),
    ('"coin decides"', '"mynten bestemmer"'),
    (
        '# "less" only if the intervals do not overlap',
        "# «sjeldnere» bare hvis intervallene ikke overlapper",
    ),
    ('"by hand:"', '"for hånd:"'),
    ('"amplitudes:", state.round(3), "  sum of squares:"', '"amplituder:", state.round(3), "  sum av kvadratene:"'),
    (
        '"""How many of `shots` measurements of `state` gave each outcome (Born rule)."""',
        '"""Hvor mange av `shots` målinger av `state` som ga hvert utfall (Borns regel)."""',
    ),
    ('"counts of 0 and 1:"', '"antall 0 og 1:"'),
    ('"after H:    amplitudes"', '"etter H:    amplituder"'),
    ('"after H, H: amplitudes"', '"etter H, H: amplituder"'),
    ('"  counts"', '"  antall"'),
    (
        "# The same two steps with probabilities only (each step a fair coin): no signs, no "
        "cancelling.",
        "# De samme to stegene med bare sannsynligheter (hvert steg en rettferdig mynt): ingen "
        "fortegn, ingenting som opphever hverandre.",
    ),
    ('"coin, coin: probabilities"', '"mynt, mynt: sannsynligheter"'),
    (
        '"""The matrix that measures a qubit along the angle `degrees`."""',
        '"""Matrisen som måler et qubit langs vinkelen `degrees`."""',
    ),
    (
        '"""Probabilities of the outcome pairs 00, 01, 10, 11 for the two angles."""',
        '"""Sannsynlighetene for utfallsparene 00, 01, 10, 11 for de to vinklene."""',
    ),
    ('"both at 0°:"', '"begge på 0°:"'),
    ("# Bob's choice for every shot: 0 or 1", "# Bobs valg for hver måling: 0 eller 1"),
    ("# Alice's result is the first digit", "# Alices resultat er det første sifferet"),
    ("# P(Alice gets 1) = P(10) + P(11)", "# P(Alice får 1) = P(10) + P(11)"),
    (
        'f"Bob at {45 * bit:2}°: Alice got 1 in {percent(share, 1)} of {shots} shots"',
        'f"Bob på {45 * bit:2}°: Alice fikk 1 i {percent(share, 1)} av {shots} målinger"',
    ),
    (
        'f" (95 % interval {percent(share - margin, 1)} to {percent(share + margin, 1)}); exact {number(exact, 3)}"',
        'f" (95 %-intervall {percent(share - margin, 1)} til {percent(share + margin, 1)}); eksakt {number(exact, 3)}"',
    ),
    ('"S for the 16 possible slips:"', '"S for de 16 mulige lappene:"'),
    ("# result product for 00, 01, 10, 11", "# produktet av resultatene for 00, 01, 10, 11"),
    (
        '"""E(a, b): exact, or estimated from `shots` simulated measurements."""',
        '"""E(a, b): eksakt, eller anslått fra `shots` simulerte målinger."""',
    ),
    ("# each E has standard error at most 1/√shots", "# hver E har standardfeil på høyst 1/√shots"),
    ('f"exact S = {number(exact, 4)}', 'f"eksakt S = {number(exact, 4)}'),
    (
        'f"simulated S = {number(simulated, 2)}, 95 % interval {number(simulated - margin, 2)} to '
        '{number(simulated + margin, 2)}"',
        'f"simulert S = {number(simulated, 2)}, 95 %-intervall {number(simulated - margin, 2)} til '
        '{number(simulated + margin, 2)}"',
    ),
]

MARKDOWN = {
    "f9bbdc1c33": header(
        NAME,
        [
            "si hva ensemblet i spillet er (en klassisk sannsynlighetsfordeling over brett), og "
            "dermed hva spillet kan og ikke kan vise om kvantemekanikk;",
            "spille en variant der tilfeldigheter, ikke en spiller, avgjør hver kollaps, og si "
            "hva som endrer seg og hvor sikker du er;",
            "gange en matrise med en vektor og bruke det til å simulere qubiter med NumPy: Borns "
            "regel, amplituder og interferens;",
            "kjøre et CHSH-eksperiment: sammenligne hva sammenfiltrede qubiter gir med hva en "
            "hvilken som helst liste med forhåndsbestemte svar (eller med brett) kan gi;",
            "vise at Bobs valg av måling ikke endrer Alices resultater (no-signalling-prinsippet), og "
            "hvorfor velgeren i spillet er annerledes.",
        ],
        f"notatbok [01]({link('01_superposition')}) til "
        f"[03]({link('03_measurement_and_collapse')}). Avsnitt 4–6 bruker litt algebra: "
        "avsnitt 4 lærer deg den ene biten matriseregning de trenger. Du trenger ikke komplekse "
        "tall.",
        "omtrent 65 minutter, to skoletimer: avsnitt 1–4 (omtrent 35 minutter), så 5–7 "
        "(oppgavene medregnet). Har du bare én time, stopp etter avsnitt 4 og les avsnitt 7",
    ),
    "c75b126833": f"""
## 1. Hva spillet viser

Allan Goff laget spillet slik at trekkene *oppfører seg som* ideer fra kvantemekanikken
({GOFF}). Det gir hver idé et bilde du kan leke med:

| kvanteidé | bildet av den i spillet |
|---|---|
| **superposisjon**: et system i flere tilstander på en gang til det måles | et spøkelsespar: ett merke skrevet i to ruter ([spøkelsesmerke]({G}#spooky-mark)) |
| **sammenfiltring**: en felles tilstand som ikke er et produkt av separate tilstander | merker som deler ruter: noen kombinasjoner er utelukket, og keten lar seg ikke faktorisere ([sammenfiltring]({G}#entanglement)) |
| **måling**: ett bestemt utfall, de andre mulighetene er borte | en [kollaps]({G}#collapse): ett klassisk brett for hele gruppen |
| **ikke-lokale korrelasjoner**: sammenfiltrede deler avgjøres samtidig, uansett avstand | en kollaps avgjør merker i ruter langt fra hverandre på én gang |
| **et ensemble** av muligheter | [ensemblet]({G}#ensemble) av [virkeligheter]({G}#reality): alle klassiske brett som fortsatt er mulige |

## 2. Hva ensemblet i spillet er, og hva det ikke kan skille mellom

Se nøkternt på ensemblet. Det er en liste med vanlige brett, hvert med samme sannsynlighet:
en **klassisk sannsynlighetsfordeling**, av samme slag som en stokket kortstokk har. Når
merker deler en rute, eller en syklus kollapser, strykes brett fra listen, og resten får
like store andeler: det er vanlig **betinget sannsynlighet**, det du gjør når du får vite at et kort
ikke er esset.

Ingenting i spillet kan derfor skille en superposisjon fra vanlig **uvitenhet** (merket står
i én rute, og vi vet bare ikke hvilken), eller sammenfiltring fra vanlig **korrelasjon** (et
rødt og et svart kort forseglet i hver sin konvolutt: åpner du den ene, vet du hva som er i
den andre). Bildene i tabellen ovenfor passer på begge. Det som gjør kvantemekanikken
annerledes, finnes ikke i spillet i det hele tatt:

| | kvantemekanikk | Kvante-tre på rad |
|---|---|---|
| vekter | hver mulighet har en **amplitude**; sannsynlighetene er kvadratene av dem (Borns regel) og trenger ikke være like | hver virkelighet teller like mye (Goffs like vekter) |
| fortegn (faser) og interferens | amplituder har fortegn, så to veier til samme utfall kan legges sammen eller **oppheve hverandre** | virkeligheter legges bare sammen; ingenting opphever noe |
| korrelasjoner | sammenfiltrede qubiter gir korrelasjoner som **ingen liste** med forhåndsbestemte utfall kan gi (avsnitt 6) | en liste med brett er nettopp en slik liste |
| hvem som velger utfallet | **ingen**: det er tilfeldig, med sannsynligheter fra Borns regel | **en spiller**, med vilje (velgeren) |
| å sende beskjeder | umulig med sammenfiltring alene (**no-signalling-prinsippet**, avsnitt 5) | velgerens avgjørelse bestemmer merker hvor som helst i gruppen |
| når det skjer | når systemet vekselvirker med et måleapparat | når en syklus lukkes |

De neste avsnittene gjør disse radene konkrete, én om gangen.

## 3. Tilfeldigheter i stedet for valg

Goff foreslår selv en variant der hver kollaps avgjøres tilfeldig. I figur 4 (`1-2 2-5 1-5`)
har X3 lukket en syklus; med en mynt i stedet for en velger:
""",
    "26b06a3ced": """
### Oppgave 07-1

I den tilfeldige varianten, hva er sannsynligheten for at X3 havner i rute 1 i figur 4?
""",
    "87ab7f65f7": stuck("07-1"),
    "10447f0e2c": """
En mynt endrer spillet mer enn du kanskje tror. Spilleren med tommelfingerregler spiller
for å vinne på kollapsvalgene sine; med en mynt er de valgene borte. Nedenfor beholder en
*myntkollaps*-innpakning trekkene til en spiller, men kaster mynt for hver kollaps. To
spillere med tommelfingerregler møtes 500 ganger i hver versjon av spillet.
""",
    "457160f364": """
Et resultat fra 500 partier er ikke eksakt: spill 500 til, så flytter andelene seg litt.
En andel sett i *n* partier spres rundt den sanne sjansen *p* med omtrent
√(*p*(1 − *p*)/*n*), så **95 %-konfidensintervallet**, andel ± 2√(andel × (1 − andel)/*n*),
er området av sjanser som passer med det vi så. Der intervallene for de to versjonene ikke
overlapper, er forskjellen ikke flaks; der de overlapper, kan disse partiene ikke avgjøre
det.
""",
    "b504912516": predict(
        "Vinner X, som starter, *sjeldnere* når en mynt avgjør hver kollaps?"
    ),
    "1c1da6e2ff": """
Det som endrer seg, er ikke Xs andel: de to intervallene for X overlapper, så disse
partiene viser ingen forskjell der. Det som endrer seg, er hvordan partiene X ikke vinner,
ender: med en mynt **vinner O oftere, og uavgjort blir sjeldnere** (de intervallene
overlapper ikke). En velger kan ofte styre en kollaps bort fra motstanderens linje og over
i uavgjort; det kan ikke en mynt. Med en mynt er det å lukke en syklus ikke lenger å stille
motstanderen et spørsmål: det er et veddemål, og strategien endres fra «aldri by på et
vinnende valg» til «by bare på gode sjanser».

Den tilfeldige varianten er nærmere fysikken på ett punkt (utfallene er tilfeldige) og
akkurat like langt unna på et annet: mynten er rettferdig, 50:50, mens en ekte måling
følger Borns regel med vekter som ikke trenger være like. Hvor kommer de vektene fra?

## 4. Et ekte system med to tilstander, i NumPy

### En matrise ganget med en vektor

Dette avsnittet og det neste bruker én bit regning. En **vektor** er en liste med tall,
som (3, 4). En **matrise** er en tabell med tall. En matrise ganget med en vektor gir en ny
vektor: hvert element er én **rad** i matrisen ganget med vektoren, element for element,
og lagt sammen:

```
| 1  2 |   | 3 |   | 1·3 + 2·4 |   | 11 |
| 0 -1 | · | 4 | = | 0·3 − 1·4 | = | -4 |
```

NumPy skriver vektorer og matriser som arrayer, og produktet som `@`:
""",
    "0f6bf8a924": """
Prøv en annen vektor i stedet for (3, 4): regn ut produktet for hånd først, og kjør så
cellen igjen.

### Amplituder og Borns regel

Et *qubit* (polarisasjonen til et foton, spinnet til et elektron) har to grunntilstander,
skrevet |0⟩ og |1⟩. Tilstanden er en vektor med to **amplituder**, (a, b), som står for
a|0⟩ + b|1⟩ med a² + b² = 1. (Generelt er amplituder komplekse tall, og regelen bruker
størrelsene |a|² og |b|²; de reelle tallene i denne notatboken er nok til alt den viser.)
Måler vi qubitet, får vi 0 med sannsynlighet a² og 1 med sannsynlighet b²: **Borns regel**.
Ingen velger; utfallet er tilfeldig.

Denne tilstanden har amplituden 1/√3 for |0⟩:
""",
    "6f22530ccd": """
### Oppgave 07-2

Vi måler dette qubitet: hva er sannsynligheten for utfallet 0?
""",
    "dbef6ae09a": stuck("07-2"),
    "36f941e470": """
Mål 10 000 qubiter som er gjort klare på nøyaktig samme måte. `rng.choice(2, size=shots,
p=...)` trekker utfallet 0 eller 1 for hver måling med sannsynlighetene `p`: Borns regel, én
måling om gangen. Antallene nærmer seg sannsynlighetene.
""",
    "56cce6b39d": """
Ulike vekter (omtrent 1/3 og 2/3) fra én enkelt superposisjon: Goffs ensemble kunne bare gi
1/2 og 1/2 for ett merke i to ruter.

### Interferens: det spillet ikke kan

Kvantetilstander kan *dreies* ved å gange dem med en matrise. Hadamard-porten H sender
|0⟩ = (1, 0) til den like superposisjonen (|0⟩ + |1⟩)/√2, og |1⟩ = (0, 1) til
(|0⟩ − |1⟩)/√2: legg merke til **minustegnet**. Bruk H på |0⟩ og mål: 50:50, som et
spøkelsesmerke i to ruter.
""",
    "313a9ae190": """
### Oppgave 07-3

Bruk nå H **to ganger** på |0⟩ og mål. Hva er sannsynligheten for utfallet 0? Regn ut H
ganget med vektoren (1/√2, 1/√2) for hånd, med fortegn, før du kjører neste celle.
""",
    "f302eebc04": stuck("07-3"),
    "21683b19f7": """
To veier fører til |1⟩ etter to H-porter, med amplitudene +1/2 og −1/2: de **opphever
hverandre**. De to veiene til |0⟩ legges sammen til 1. Det er **interferens**, og det er
kjernen i kvanteoppførsel (dobbeltspalten virker på samme måte). Beholder du bare
sannsynligheter, slik virkelighetene med like vekter i spillet gjør, blander hvert steg, og
ingenting opphever noe: 50:50 for alltid. Goffs spill har ingen fortegn, og derfor ingen
interferens.

## 5. To qubiter: korrelert, men ingen beskjed

To qubiter, ett til Alice og ett til Bob, har fire grunntilstander 00, 01, 10 og 11, så
tilstanden deres er en vektor med fire amplituder. Den sammenfiltrede tilstanden
(|00⟩ + |11⟩)/√2 er `[1, 0, 0, 1] / √2`.

Hver av dem kan velge **hvordan** de måler: langs en vinkel θ (tenk på å dreie et
polarisasjonsfilter). Å måle langs θ betyr å dreie qubitet med matrisen `turn(θ)` nedenfor
og så lese av 0 eller 1. `np.kron(A, B)` bygger 4 × 4-matrisen som bruker A på Alices qubit
og B på Bobs samtidig. Så gir Borns regel sannsynlighetene for de fire utfallsparene.
""",
    "78f59cb3d9": """
Målt langs samme vinkel er de to resultatene alltid like (00 eller 11, halvparten av gangene
hver), uansett hvor langt fra hverandre Alice og Bob er. To konvolutter med like kort ville
gjort det samme. Så til spørsmålet som betyr noe for å sende beskjeder: kan **Bob**, ved å velge
vinkel, endre det **Alice** ser?

Bob prøver. Han vil sende bitene i en beskjed: for en 0 måler han langs 0°, for en 1 langs
45°. Alice måler alltid langs 0° og teller enerne sine, hver for seg for målingene der Bob
sendte 0 og der han sendte 1 (hun kan sortere dem først senere, når Bob forteller henne
listen sin på vanlig måte).
""",
    "05af8aa487": predict(
        "Blir Alices andel av enere annerledes når Bob velger 45° i stedet for 0°?"
    ),
    "724c5920c7": """
Uansett hva Bob velger, ser Alice en rettferdig mynt: nøyaktig 1/2 i teorien, og intervaller
som overlapper i eksperimentet. Bobs valg endrer **korrelasjonen** mellom resultatene deres
(som bare viser seg når de sammenligner listene), aldri Alices egen statistikk. Ingen kan
velge et utfall, så ingen beskjed kommer fram: dette er prinsippet om **no-signalling-prinsippet**
(*no-signalling*).

I spillet *velger* velgeren utfallet, og valget bestemmer merker i hver rute i gruppen på
én gang. Hvis rutene var laboratorier langt fra hverandre, kunne velgeren sende en beskjed
gjennom kollapsen. Naturens målinger er terningkast som ingen styrer.

## 6. En test for lister med brett: CHSH-eksperimentet

De like resultatene i avsnitt 5 kunne komme fra konvolutter gjort klare på forhånd. I 1969
fant Clauser, Horne, Shimony og Holt (CHSH) en test som ingen slik forberedelse kan bestå
(J. F. Clauser, M. A. Horne, A. Shimony, R. A. Holt, *Phys. Rev. Lett.* **23**,
880 (1969)). Alice måler langs én av to vinkler, *a* eller *a′*; Bob langs *b* eller *b′*.
Regn hvert resultat som +1 eller −1, og la E være gjennomsnittet av (Alices resultat ×
Bobs resultat) for ett par vinkler: +1 hvis de alltid er like, −1 hvis de alltid er
forskjellige. Ta så

> S = E(*a*, *b*) + E(*a*, *b′*) + E(*a′*, *b*) − E(*a′*, *b′*).

**En liste laget på forhånd.** Tenk deg at hvert par qubiter hadde med seg en lapp som sa
hva de skulle svare for hver vinkel, som en konvolutt, eller som et brett i ensemblet i
spillet. Cellen nedenfor prøver alle mulige lapper: Alices svar for *a* og *a′*, Bobs for
*b* og *b′*.
""",
    "105d7c38b1": predict(
        "Hva er den største S som en lapp, eller en blanding av lapper, kan gi?"
    ),
    "d8b661c21e": """
Hver enkelt lapp gir S = +2 eller −2 (skriv S = A(B + B′) + A′(B − B′): den ene parentesen
er 0 og den andre ±2). En blanding av lapper, en hvilken som helst sannsynlighetsfordeling
over dem, som ensemblet av brett i spillet, gir et gjennomsnitt av slike verdier, så den
kan aldri komme over 2. Dette er en **Bell-ulikhet**: |S| ≤ 2 for alle svar som er fastlagt på forhånd, når innstillingene velges uavhengig av dem.

**Sammenfiltrede qubiter.** Mål nå paret (|00⟩ + |11⟩)/√2 ved vinklene *a* = 0°,
*a′* = 45°, *b* = 22,5°, *b′* = −22,5°, og regn ut E eksakt fra `joint` og også fra 10 000
simulerte målinger per par vinkler.
""",
    "afc2965999": predict("Hvilken verdi av S gir de sammenfiltrede qubitene?"),
    "f5d6143a0e": """
S = 2√2 ≈ 2,83, godt over den klassiske grensen på 2 (det simulerte intervallet holder seg
også over 2), og 2√2 er det meste kvantemekanikken tillater (B. S. Cirel'son, *Lett. Math.
Phys.* **4**, 93 (1980)). Ingen liste med forhåndsbestemte svar, og intet ensemble av brett,
kan klare det. Eksperimenter med ekte fotoner, elektroner og atomer finner verdier over 2, også i tester «uten smutthull» (f.eks. B. Hensen et al., *Nature* **526**, 682 (2015));
Nobelprisen i fysikk for 2022 gikk til Alain Aspect, John Clauser og Anton Zeilinger for
slike eksperimenter. Og selv da, som avsnitt 5 viste, ser Alice alene fortsatt en
rettferdig mynt: sterk korrelasjon, ingen beskjed.

Kvante-tre på rad holder seg, som enhver liste av brett som spilles ut tilfeldig, på eller under 2.
Det er den klareste grensen mellom metaforen og fysikken.
""",
    "4a5ef0bb19": """
### Påstander til oppgave 07-4

Hvilke av disse påstandene gjelder for **Kvante-tre på rad slik det spilles i dette
opplegget**?

- **A.** I ensemblet i spillet teller hvert klassiske brett like mye.
- **B.** To virkeligheter i spillet kan oppheve hverandre, slik amplituder gjør ved
  interferens.
- **C.** Tilfeldighetene avgjør hvordan en syklus kollapser.
- **D.** Merker i ruter langt fra hverandre på brettet kan være sammenfiltret.
""",
    "5385eac9c1": """
### Oppgave 07-4

Gi bokstavene til alle påstandene som gjelder, f.eks. `"B, C"`.
""",
    "91eb661b2f": stuck("07-4"),
    "d70a19afef": """
## 7. Hva er spillet så godt for?

En metafor er et verktøy med en rekkevidde. Kvante-tre på rad gir kvantemekanikkens
**ordforråd og bokføring** en form du kan leke med: en liste med muligheter i stedet for
ett faktum, muligheter som utelukkes når systemer vekselvirker, en hel gruppe som avgjøres
av én måling, og tellingen av alt sammen. Det spillet ikke kan vise, er det som gjør disse
ideene til *kvante*-ideer: amplituder med fortegn som interfererer, korrelasjoner utover
enhver liste (CHSH), og utfall som ingen styrer. Spillets «superposisjon» kunne like gjerne
vært uvitenhet, og «sammenfiltringen» et par forseglede konvolutter. Å vite nøyaktig hvor
den grensen går, er det du har lært.
""",
    "c384a6b613": f"""
## Sammendrag

- Ensemblet i spillet er en klassisk sannsynlighetsfordeling over brett; å utelukke brett er vanlig betinget sannsynlighet. Spillet kan derfor ikke skille superposisjon fra uvitenhet, eller sammenfiltring fra klassisk korrelasjon: det gir et bilde av ideene, ikke av fysikken.
- En mynt i stedet for en velger endrer hvordan partiene ender; påstander fra simuleringer trenger nok partier og en usikkerhet (95 %-intervaller).
- Ekte målinger følger Borns regel: sannsynlighet = amplitude²; amplituder kan oppheve hverandre (interferens), sannsynligheter kan ikke.
- Bobs valg av måling endrer ikke Alices statistikk (no-signalling-prinsippet); velgeren i spillet kunne sendt signaler, fordi en spiller velger utfallet.
- CHSH: svar som er fastlagt på forhånd, og sammenfiltrede qubiter har ulike grenser for S, den klareste grensen mellom metaforen og fysikken.

## Hva nå

Du har nådd slutten av veien. Gå tilbake til {title('00_start_here')} og spill et parti mot den perfekte spilleren med nye øyne, prøv varianten med tilfeldig kollaps sammen med en venn og en mynt, eller les Goffs artikkel, som drøfter mange flere ideer (interferens, dekoherens, mange verdener) enn det er plass til her.
""",
}

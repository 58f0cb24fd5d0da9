"""Danish notebook 02 (entanglement): translations of the English cells, keyed by fingerprint."""

from common_da import G, predict, stuck


CODE = [
    ("# ← replace ... with your answer", "# ← erstat ... med dit svar"),
    ("# ← your prediction, e.g.", "# ← din forudsigelse, fx"),
    ('"2/3" or 0.67', '"2/3" eller 0.67'),
    (
        "\"\"\"Print classical boards side by side; '.' is an empty square.\"\"\"",
        "\"\"\"Skriv klassiske brætter ved siden af hinanden; '.' er et tomt felt.\"\"\"",
    ),
    ('"joins squares", a, "and", b', '"forbinder felt", a, "og", b'),
    ('"separate groups:"', '"adskilte grupper:"'),
    ('"the board"', '"brættet"'),
    ('"its entanglement graph"', '"dets sammenfiltringsgraf"'),
    (
        '"the group on its own:", group, "   X3 on its own: 2   whole position:", whole',
        '"gruppen alene:", group, "   X3 alene: 2   hele stillingen:", whole',
    ),
    ('"   (Fig. 2, for comparison)"', '"   (fig. 2 til sammenligning)"'),
    (
        'print("record                  marks  realities  X1 in square 3")',
        'print("partinotation           mærker  virkeligheder  X1 i felt 3")',
    ),
    (
        "{len(game.spooky_marks):5}  {count_realities(game):9}",
        "{len(game.spooky_marks):6}  {count_realities(game):13}",
    ),
]

MARKDOWN = {
    "d9c1924640": """
# 02 · Sammenfiltring

*Kvante-kryds og bolle, elevens vej, notesbog 02 af 07 (dansk udgave).*
[Åbn denne notesbog på Binder](https://mybinder.org/v2/gh/qttt-edu/qttt-edu/HEAD?labpath=notebooks/i18n/02_entanglement.da.ipynb) (kører i browseren, intet skal installeres).

**Efter denne notesbog kan du**

- forklare, hvad der ændrer sig, når to mærker deler et felt: nogle kombinationer bliver umulige, og det ene mærkes sandsynligheder afhænger af det andet;
- tegne og læse sammenfiltringsgrafen;
- tælle virkelighederne i et træ af spøgelsesmærker (én pr. tomt felt) og aflæse sandsynligheder ud fra træets form;
- afgøre, om en tilstand er et produkt (separabel) eller sammenfiltret;
- genskabe Goffs "dekohærens"-tal og sige, hvad navnet betyder og ikke betyder i fysik.

**Før du starter:** notesbog [01 · Superposition](01_superposition.da.ipynb) (virkeligheder, sandsynligheder, kets).

**Tid:** cirka 45 minutter (opgaverne medregnet); er tiden knap, så læs boksen til sidst derhjemme.
""",
    "7e10f6849b": """
## 1. To mærker deler et felt

I Goffs fig. 3 (A. Goff, “Quantum tic-tac-toe: A teaching metaphor for superposition in quantum mechanics”, *Am. J. Phys.* **74**, 962–973 (2006), doi:10.1119/1.2213635) svarer O på X's `1-2` med `2-5`: O sætter et af sine spøgelsesmærker
i felt 2, hvor X allerede har et.
""",
    "b431e5be81": """
To træk, der ikke har noget med hinanden at gøre, som i fig. 2, gav 2 × 2 = 4 virkeligheder. Husk, at i en
virkelighed rummer hvert felt højst ét mærke.
""",
    "97ac74f3c3": """
### Opgave 02-1

Hvor mange virkeligheder står `1-2 2-5` for?
""",
    "76a88fd09f": stuck("02-1"),
    "b714c421f4": """
Skriv dem op for at tjekke, at du har talt rigtigt:
""",
    "b31bd01b2d": """
### Opgave 02-2

Når alle virkeligheder er lige sandsynlige, hvad er så sandsynligheden for, at **X1 ender i
felt 1**? (En brøk, et decimaltal eller en procent: alle tre går.)
""",
    "3ca61614fe": stuck("02-2"),
    "bb338128f1": """
Tjek med `mark_odds`, der giver hvert spøgelsesmærkes sandsynlighed for hvert af dets
to felter:
""",
    "caeb295b0c": f"""
O's træk ændrede sandsynlighederne for **X's** mærke: før var X1 50:50; nu hælder det
mod felt 1. Hvad det ene mærke gør, afhænger af det andet, og du kan ikke længere beskrive
X1 alene: kun parret har en bestemt liste af muligheder. Mærker, der hænger sammen
på den måde, er [sammenfiltrede]({G}#entanglement); afsnit 4 siger præcis, hvad det
betyder for tilstanden.

## 2. Sammenfiltringsgrafen

En tegning gør forbindelserne synlige. Lad felterne være punkterne i en graf,
og tegn hvert spøgelsesmærke som en streg (en *kant*) mellem dets to felter. Mærker, der
hænger sammen gennem fælles felter, danner én gruppe; adskilte grupper er uafhængige.
Det er [sammenfiltringsgrafen]({G}#entanglement-graph).
""",
    "8bb96ca5de": """
`draw_entanglement` tegner den med hvert felts punkt (knude) dér, hvor feltet sidder på
brættet, og hver kant mærket med sit mærke:
""",
    "da78b853b6": predict(
        "Gruppen {1, 2, 5, 6} har tre mærker på fire felter, og det adskilte mærke X3"
        " står på 7-9. Hvor mange virkeligheder har hele stillingen?"
    ),
    "8a345cedd4": """
## 3. At tælle virkelighederne i et træ

Før hvert træk har sammenfiltringsgrafen ingen løkker: hver gruppe er et *træ* (en løkke
kollapser med det samme, notesbog 03). Et træ med *k* mærker dækker altid *k* + 1 felter, og
i hver virkelighed forbliver præcis **ét** af dets felter tomt. Vælg det tomme felt, så
er alt andet tvunget: hvert mærke lander i det af sine felter, der ligger længst fra det tomme.
Så et træ med *k* mærker har præcis *k* + 1 virkeligheder, én pr. tomt felt.

Det giver sandsynligheden for et mærke i et træ uden at skrive noget op: et mærke lander
på den side af sin kant, der vender **væk fra** det tomme felt, så

> sandsynlighed(mærket lander i felt *s*) = (felter på den *anden* side af mærket) ÷
> (alle træets felter).

For eksempel har træet i `1-3 1-2` felterne 1, 2 og 3. X1 (på 1-3) lander i
felt 3, hver gang det tomme felt er 1 eller 2: en sandsynlighed på 2/3.
""",
    "50c6362296": """
### Opgave 02-3

Start fra `1-3 1-2`. Angiv **ét træk mere** (et par felter), hvorefter
sandsynligheden for, at X1 ender i felt 3, er præcis **3/4**. Der er mere end ét rigtigt
svar; tjekkeren godtager dem alle.
""",
    "ca2fdee604": stuck("02-3"),
    "5e834bb8b2": """
## 4. Sammenfiltring i ket'en

Notesbog 01 skrev en stilling som en ket, en ligelig sum af dens virkeligheder. I fig. 2 var
ket'en et **produkt** med én faktor pr. træk. Goff skriver fig. 3 som en ligelig sum af dens virkeligheder, og tallet under kvadratroden tæller dem:
""",
    "47a441562f": """
### Opgave 02-4

Er tilstanden for `1-2 2-5` **separabel** (et produkt af én faktor for X1 og én for
O2)? Svar ja eller nej. Vil du teste det ordentligt, så prøv at skrive den som
(a|1⟩₁ + b|2⟩₁)(c|2⟩₂ + d|5⟩₂) og gange ud.
""",
    "2104ce5913": stuck("02-4"),
    "dcb373070c": """
En tilstand, der ikke er et produkt, kaldes **sammenfiltret**: det er ordets præcise
betydning. Fælles felter gjorde fig. 3 sammenfiltret, mens fig. 2, uden fælles felter,
er et produkt. (En advarsel til senere, fra notesbog 07: i spillet beskriver "ikke et produkt"
en liste af lige sandsynlige brætter, og almindelige ting kan hænge sammen på samme
måde: et rødt og et sort spillekort forseglet i hver sin kuvert. Kvantesammenfiltring er
mere end det.)

## 5. Goffs "dekohærens"-tal

Goffs fig. 14–16 sætter X1 i felt 1 og 3 og kæder så flere mærker på
felt 1's side. Han angiver sandsynligheden for, at X1 ender i felt 3, som **50 %, 67 %,
75 % og 83 %**. Artiklen viser ikke alle partinotationerne, så stigen herunder er
**materialets rekonstruktion**: en kæde, der vokser ét felt ad gangen på felt 1's side,
og som giver hans fire tal.
""",
    "edd8bc942a": predict(
        "Med fire mærker i kæden (`1-3 1-2 2-4 4-5`): hvad er sandsynligheden for, at X1"
        " ender i felt 3? Brug reglen fra afsnit 3."
    ),
    "edaf2ec274": """
Hvert trin er (mærker) ÷ (mærker + 1): 1/2, 2/3, 3/4, 4/5, 5/6. I denne rekonstruktion
er Goffs fire tal trin 1, 2, 3 og 5 (83 % = 5/6 med fem mærker), og trinnet på
80 %, som du forudsagde, ligger mellem hans to sidste; artiklens egne figurer kan kæde mærkerne
anderledes sammen, for ethvert træ med samme antal felter på hver side giver de
samme tal. Reglen fra afsnit 3 forklarer stigen: hvert nyt mærke tilføjer et felt
på felt 1's side, og X1 lander i 3, hver gang det tomme felt ligger på den side.

### Hvad "dekohærens" betyder her, og i fysik

Goff har lånt navnet til stigen, så brug det med omtanke.

- **Det, der holder.** I fysik sker dekohærens, når et system bliver
  sammenfiltret med mere og mere af sine omgivelser. Bagefter kan systemet ikke
  beskrives alene, og dets superposition viser ikke længere interferens: den ligner
  et almindeligt "enten det ene eller det andet". Stigen viser den første halvdel i miniature:
  jo flere mærker X1 er sammenfiltret med, jo mindre fortæller X1 alene dig.
- **Det, der ikke holder.** Rigtig dekohærens skubber *ikke* sandsynlighederne mod ét
  udfald; den lader dem være, som de var, og fjerner interferensen mellem dem.
  Glidningen fra 50 % mod 100 % kommer her af, at man tæller lige vægtede virkeligheder i
  et træ, der vokser. Og spillet har slet ingen interferens at miste
  (notesbog 07).
""",
    "c0e32beb5b": """
## Resumé

- Mærker, der deler et felt, er sammenfiltrede: nogle kombinationer bliver umulige, og ket'en er ikke længere et produkt.
- Sammenfiltringsgrafen har felterne som knuder og mærkerne som kanter; adskilte grupper er uafhængige, og deres antal ganges.
- Et træ med k mærker har k + 1 virkeligheder, én pr. tomt felt, så sandsynligheder kan aflæses ud fra træets form.
- Goffs dekohærensstige: jo flere mærker X1 er sammenfiltret med, jo mindre fortæller X1 alene; rigtig dekohærens har delen "sammenfiltret med omgivelserne" til fælles med stigen, ikke glidningen.

## Hvad nu

Fortsæt med **[03 · Måling og kollaps](03_measurement_and_collapse.da.ipynb)**. Når et nyt træk forbinder to felter, der allerede hænger sammen, får grafen en løkke, og spillet må afgøre sagen: måling og kollaps.
""",
}

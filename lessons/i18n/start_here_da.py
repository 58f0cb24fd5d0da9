"""Danish start-here notebook: translations of the English cells, keyed by fingerprint."""

import re

from common_da import G

CODE = [
    ('"yes" or "no"', '"ja" eller "nej"'),
    ("# ← your prediction, e.g.", "# ← din forudsigelse, fx"),
    ("# ← replace ... with your answer", "# ← erstat ... med dit svar"),
    ("# not allowed: a collapse is pending", "# ikke tilladt: et kollaps venter"),
    # A yes/no answer is printed as a word of the language, never as Python's False.
    (
        re.compile(r'^print\("waiting for a collapse:", (.+)\)$', re.M),
        r'print("venter på et kollaps:", "ja" if \1 else "nej")',
    ),
    (
        'print(pending.mark, "closed a cycle;", pending.chooser, "chooses between", pending.choices)',
        'print(pending.mark, "lukkede en løkke;", pending.chooser, "vælger mellem felt",'
        ' pending.choices[0], "og felt", pending.choices[1])',
    ),
    ('"record:"', '"notation:"'),
    ('"refused:"', '"afvist:"'),
    ('"record unchanged:"', '"notation uændret:"'),
]

MARKDOWN = {
    "ddf6ea089b": """
# 00 · Start her

*Kvante-kryds og bolle, elevens vej, notesbog 00 af 07 (dansk udgave).*
[Åbn denne notesbog på Binder](https://mybinder.org/v2/gh/qttt-edu/qttt-edu/HEAD?labpath=notebooks/i18n/00_start_here.da.ipynb) (kører i browseren, intet skal installeres).

**Efter denne notesbog kan du**

- spille et parti Kvante-kryds og bolle i notesbogens app, alene eller mod computeren;
- skrive og læse en *partinotation* som `1-2 1-2 c1`;
- køre en celle, besvare en opgave og bede om et tip;
- finde rundt i materialet: notesbøgerne, ordlisten, materialet til læreren.

**Før du starter:** ingenting. Du behøver hverken fysik eller Python: alle celler er klar til at blive kørt.

**Tid:** cirka 45 minutter, heraf 10 til at spille (opgaverne medregnet).
""",
    "54c9bfe3be": """
Kvante-kryds og bolle blev opfundet af fysikeren Allan Goff som en måde at få en
fornemmelse af tre mærkelige idéer fra kvantemekanikken (superposition, sammenfiltring og
måling) ved at lege med dem (A. Goff, “Quantum tic-tac-toe: A teaching metaphor for superposition in quantum mechanics”, *Am. J. Phys.* **74**, 962–973 (2006), doi:10.1119/1.2213635). Med dette materiale kan du spille det i en notesbog og derefter se
nærmere på hver idé, én notesbog ad gangen.
""",
    "57d675a687": f"""
## Sådan bruger du en notesbog

En notesbog er en liste af *celler*. Tekstceller (som denne) forklarer; kodeceller (grå
felter) gør noget, når du **kører** dem: klik i cellen, og tryk
**Shift+Enter**. Kør cellerne oppefra og ned. Hvis noget ser forkert ud, så brug
*Kernel → Restart and run all* (eller *Run → Run All Cells*) for at starte forfra. Kører
du alle celler, stopper det ved det første spørgsmål, du ikke har svaret på endnu: en
celle, der viser et resultat, venter, til dit gæt eller svar står i cellen ovenfor.
Skriv det, kør den celle, og fortsæt derfra.

## Reglerne på to minutter

Brættet er det sædvanlige 3 × 3, med felterne nummereret i læseretningen:

```
1 2 3
4 5 6
7 8 9
```

- **Et træk er et par.** I hvert træk skriver du to små
  [spøgelsesmærker]({G}#spooky-mark) med trækkets nummer (X1, O2, X3...) i to
  forskellige felter. Mærket ender i præcis *ét* af de to; indtil da er det
  i begge. X laver de ulige træk, O de lige.
- **Hvor et par må stå.** I to forskellige felter uden klassisk mærke. Et felt kan
  rumme mange spøgelsesmærker, men aldrig et spøgelsesmærke *og* et klassisk mærke.
- **Løkker kollapser.** Når et nyt par forbinder to felter, der allerede hænger sammen gennem en
  kæde af spøgelsesmærker, lukker det en [løkke]({G}#cycle). Den *anden* spiller
  ([vælgeren]({G}#chooser)) bestemmer så, hvor det nye mærke lander, og hvert mærke i den
  gruppe bliver et stort [klassisk mærke]({G}#classical-mark).
- **Så trækker den, der valgte.** Efter valget laver den spiller, der valgte, det næste
  træk som sædvanligt og trækker altså to gange i træk: valget, så trækket.
- **Linjer vinder.** Kun klassiske mærker tæller. Tre klassiske mærker i en række, en søjle eller en diagonal vinder.
  Giver ét kollaps begge spillere en linje, vinder den linje, der blev fuldendt først (laveste
  højeste træknummer).
- **Det niende træk.** Er der kun ét felt tilbage, er X's niende træk ét almindeligt
  mærke dér.

Det er det hele. Hele reglerne står på [regelkortet](../../lessons/rules/da.md). Den næste celle starter spillet.

**På papir** behøver du kun en blyant: tegn et stort 3 × 3-gitter, skriv spøgelsesmærkerne
småt i et hjørne af deres felter (X1, O2, ...), og når en løkke kollapser, så visk dem ud og
skriv hvert klassisk mærke stort i sit felt.
""",
    "18bde2f2c5": """
## Spil!

Kør cellen herunder. Klik på to felter for at sætte et par; klik på et fremhævet felt igen
for at fortryde. Når en løkke lukkes, fortæller statuslinjen, hvem der vælger, og to knapper
tilbyder de to felter. Panelerne ved siden af brættet viser sammenfiltringsgrafen og
hvor mange klassiske brætter (*virkeligheder*), der stadig er mulige; panelet *Kvanteidéen* fortæller,
hvilken kvanteidé hver begivenhed viser.

Spil et helt parti med din sidemand (to personer, én skærm). Brug derefter menuen Modstander
til at spille mod computeren. Appen taler også engelsk, finsk, norsk og italiensk: vælg
et sprog i dens menu Sprog, eller start den med `play(language="da")` (`"fi"`, `"nb"`, `"it"`, `"en"`).

*(Hvis du læser en statisk kopi af denne notesbog, fx på GitHub, vises appen ikke:
åbn notesbogen på Binder med linket øverst.)*
""",
    "d082dde528": """
Appen husker sit parti. `app.game.record()` giver partiet indtil nu som en *partinotation*:
trækkene i rækkefølge, som tekst. Kør denne celle, når du har spillet nogle træk:
""",
    "2069be920b": """
## Partinotation

En partinotation er den måde, materialet skriver et parti ned på, ét led pr. handling:

| led | betydning |
|---|---|
| `1-5` | et par spøgelsesmærker i felt 1 og 5 |
| `c5`  | vælgeren lægger det nyeste mærke i felt 5 (et kollaps) |
| `3`   | X's niende træk: ét klassisk mærke i felt 3 |

En partinotation genskaber en stilling præcist, så hvert bræt i disse notesbøger kommer fra
én, og du kan sætte enhver af dem ind i appens notationsfelt. I kode
bygger `Game.from_record` partiet, og et parti på sidste linje i en celle tegner sig selv:
""",
    "e2e7874c34": """
> **Gæt først, kør så.** X's næste træk er `1-5`. Lukker det en løkke? Skriv dit gæt i den næste celle, og kør den; kør så cellen efter, som regner svaret ud og sætter dit gæt ved siden af.
""",
    "52c1a3126c": """
Nej: X3 forbinder felt 1 (som det deler med X1) med felt 5 (som det deler med O2), men felt 1 og
5 var endnu ikke forbundet, så kæden bliver bare længere.

Nu spiller O `7-9` og forbinder 7 og 9,
som allerede er forbundet gennem 1 og 5:
""",
    "56b11b01bf": """
Materialet afviser en ulovlig handling med en besked, der siger, hvad der er tilladt, og lader
partiet være uændret:
""",
    "7c8c33c39c": """
## Opgaver

Hver notesbog har opgaver. Du skriver dit svar i stedet for `...` og kører
cellen; tjekkeren skriver en linje, der begynder med **✓** (rigtigt) eller **✗** (ikke endnu, med et
tip). Svar kan skrives i enhver fornuftig form: `[1, 4, 7]`, `"1, 4 og 7"` og
`(7, 4, 1)` er alle det samme svar. Prøv:
""",
    "91b3594c7d": """
### Opgave 00-1

Hvilke tre felter udgør diagonalen fra hjørnet **øverst til højre** til hjørnet
**nederst til venstre**?
""",
    "ef8962352c": """
Sidder du fast? `checks.hint("00-1")` giver et tip; `checks.solution("00-1")` viser en gennemregnet løsning (prøv selv i et par minutter først: løsningen er skjult, indtil du beder om den).
""",
    "d134547939": """
### Opgave 00-2

Hvem er på efter partinotationen `1-9 1-9`: `"X"` eller `"O"`? (Tænk over, hvilket træk
der lukkede en løkke.)
""",
    "9428e1b241": """
Sidder du fast? `checks.hint("00-2")` giver et tip; `checks.solution("00-2")` viser en gennemregnet løsning (prøv selv i et par minutter først: løsningen er skjult, indtil du beder om den).
""",
    "4014126431": """
### Opgave 00-3

Skriv en partinotation, hvor **X's første mærke, X1, ender som et klassisk mærke i
midten** (felt 5). Prøv det gerne i appen først, og sæt så notationen ind her.
""",
    "6af6b18045": """
Sidder du fast? `checks.hint("00-3")` giver et tip; `checks.solution("00-3")` viser en gennemregnet løsning (prøv selv i et par minutter først: løsningen er skjult, indtil du beder om den).
""",
    "80caa2a01f": """
## Sådan er materialet bygget op

**Notesbøgerne** er elevens vej. Alle otte findes på dansk her i mappen `notebooks/i18n/`
(de engelske udgaver ligger i mappen `notebooks/`, én mappe op). Hver begynder med, hvad du vil
lære, slutter med et resumé og tager cirka én lektion på 45 minutter (notesbog 05 og 07 tager to).
""",
    "8aec990f34": """
| notesbog | hvad den handler om |
|---|---|
| [00 · Start her](00_start_here.da.ipynb) | spil et parti; sådan virker materialet (denne notesbog) |
| [01 · Superposition](01_superposition.da.ipynb) | ét mærke i to felter; virkeligheder; chancer |
| [02 · Sammenfiltring](02_entanglement.da.ipynb) | mærker, der deler felter; sammenfiltringsgrafen; Goffs tal for dekohærens |
| [03 · Måling og kollaps](03_measurement_and_collapse.da.ipynb) | løkker, vælgeren, kaskaden: spillets måling |
| [04 · Sejr og point](04_winning_and_scoring.da.ipynb) | linjer, samtidige linjer, Goffs point, det niende træk |
| [05 · Strategi](05_strategy.da.ipynb) | spil mod computeren; fælder; din egen spiller i en klasseturnering |
| [06 · At løse spillet](06_solving_the_game.da.ipynb) | hvor stort spillet er; minimax; hvad perfekt spil giver |
| [07 · Metaforen og fysikken](07_metaphor_and_physics.da.ipynb) | hvor metaforen holder og brister; tilfældigt kollaps; rigtige qubits i NumPy |
""",
    "fb7af1ac03": f"""
**Ordlisten** ([lessons/da/glossary.md]({G})) forklarer hvert ord i spillet:
[spøgelsesmærke]({G}#spooky-mark), [klassisk mærke]({G}#classical-mark),
[løkke]({G}#cycle), [kollaps]({G}#collapse), [stilk]({G}#stem), [vælger]({G}#chooser),
[virkelighed]({G}#reality), [ensemble]({G}#ensemble). Ord med links som disse åbner den
(med begreberne på dansk og engelsk).

**Til lærere** ligger lærervejledning, lektionsplaner, exit tickets, quiz og facitlister på
dansk i [lessons/da/](../../lessons/da/README.md); arbejdsarkene og reglerne findes på fem
sprog, [regelkortet på dansk](../../lessons/rules/da.md).

Du behøver ingen Python for at spille eller følge notesbøgerne. Kender du lidt og er
nysgerrig, så viser [notesbøgernes README](README.da.md) pakkens dele.
`set_language("da")` i første kodecelle får materialet til at tale dansk.
""",
    "64272f7d47": """
## Resumé

- Et træk er et par spøgelsesmærker; et træk, der lukker en løkke, lader den anden spiller vælge, og gruppen bliver klassisk.
- Kun klassiske mærker giver linjer.
- En partinotation som `1-9 5-7 1-5 7-9` genskaber enhver stilling; appen læser og skriver partinotationer.
- Opgaver tjekkes af `checks.check`; tip og løsninger venter, til du beder om dem.

## Hvad nu

Fortsæt med **[01 · Superposition](01_superposition.da.ipynb)**. Den ser nærmere på et enkelt træk: hvad det betyder, at et mærke er i to felter på én gang.
""",
}

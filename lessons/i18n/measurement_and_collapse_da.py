"""Danish notebook 03 (measurement and collapse): translations of the English cells."""

from common_da import G, predict, stuck


CODE = [
    ("# ← replace ... with your answer", "# ← erstat ... med dit svar"),
    ("# ← your prediction, e.g.", "# ← din forudsigelse, fx"),
    ('"realities")', '"virkeligheder")'),
    (
        '"newest mark:", pending.mark, "  squares:", pending.choices, "  chooser:", pending.chooser',
        '"nyeste mærke:", pending.mark, "  felter:", pending.choices, "  vælger:", pending.chooser',
    ),
    ('f"X3 in square {square}:"', 'f"X3 i felt {square}:"'),
    ('"cycle squares:"', '"løkkens felter:"'),
    ('"cycle marks:  "', '"løkkens mærker:"'),
    ('"stems:        "', '"stilke:        "'),
    (
        '"chooser:      ", info.chooser, "chooses where", info.mark, "lands:", info.choices',
        '"vælger:        ", info.chooser, "bestemmer, hvor", info.mark, "lander:", info.choices',
    ),
    ('f"O4 in square {square}:"', 'f"O4 i felt {square}:"'),
    ('f"X chooses c{square}"', 'f"X vælger c{square}"'),
    ('"the collapse fills:"', '"kollapset afgør felterne:"'),
    ('"left alone:"', '"ikke rørt:"'),
    ('"still spooky:"', '"stadig spøgelsesmærker:"'),
]

MARKDOWN = {
    "36d38718ca": """
# 03 · Måling og kollaps

*Kvante-kryds og bolle, elevens vej, notesbog 03 af 07 (dansk udgave).*
[Åbn denne notesbog på Binder](https://mybinder.org/v2/gh/qttt-edu/qttt-edu/HEAD?labpath=notebooks/i18n/03_measurement_and_collapse.da.ipynb) (kører i browseren, intet skal installeres).

**Efter denne notesbog kan du**

- genkende, hvornår et træk lukker en *løkke*, og sige, hvorfor en løkke tvinger en afgørelse frem;
- udpege *vælgeren* og forudsige begge mulige udfald af et kollaps;
- følge et kollaps skridt for skridt, stilke medregnet, og se, at adskilte sammenfiltringer ikke bliver rørt;
- sammenligne spillets kollaps med en kvantemåling: hvad der passer, og hvad der ikke gør.

**Før du starter:** notesbog [02 · Sammenfiltring](02_entanglement.da.ipynb) (sammenfiltringsgrafen, virkelighederne i et træ).

**Tid:** cirka 45 minutter (opgaverne medregnet); er tiden knap, så læs afsnit 7 derhjemme.
""",
    "978285312a": f"""
## 1. Et træk, der lukker en løkke

Goffs fig. 4 (A. Goff, “Quantum tic-tac-toe: A teaching metaphor for superposition in quantum mechanics”, *Am. J. Phys.* **74**, 962–973 (2006), doi:10.1119/1.2213635) fortsætter fig. 3 (`1-2 2-5`) med X's træk `1-5`. Felt 1
og 5 var allerede forbundet gennem felt 2 (X1 forbinder 1-2, O2 forbinder 2-5), så det
nye mærke lukker en ring i sammenfiltringsgrafen: en [løkke]({G}#cycle).
""",
    "c18750ea9f": predict(
        "Tre mærker på tre felter, hvert mærke i ét af sine to felter, ét mærke pr. felt."
        " Hvor mange virkeligheder er der tilbage?"
    ),
    "72eead93fb": f"""
Kun to: mærkerne kan gå rundt i løkken den ene eller den anden vej. Hvert felt i
løkken er nu optaget. Hvis spillet lod et fjerde mærke forbinde de samme tre felter, ville der
være fire mærker til tre felter og **ingen** virkelighed overhovedet. Så løkken kan ikke
vente: den skal afgøres nu. Derfor tvinger en løkke en afgørelse frem.

## 2. Hvem bestemmer: vælgeren

Reglen: den spiller, der **ikke** lukkede løkken, vælger, hvilket af dens to felter
det nyeste mærke lander i. Her lukkede X den med X3, så O er
[vælgeren]({G}#chooser). Spillet ved det:
""",
    "8c9ae8f104": """
Hvert valg beholder præcis én virkelighed: den, hvor det nyeste mærke
allerede står i det valgte felt. `collapse_subsets` viser, hvilken virkelighed der overlever
hvilket valg:
""",
    "1d7370c4da": f"""
I Goffs fig. 5 lægger O X3 i felt 1 (partinotationen får leddet `c1`). X1 må så
forlade felt 1 og gå til felt 2, hvilket skubber O2 til felt 5. Alle tre mærker bliver
[klassiske]({G}#classical-mark).
""",
    "ba75554d4a": """
Efter kollapset trækker vælgeren som sædvanligt: O laver træk 4 med det samme, så O handler
to gange i træk (valget, så trækket).

## 3. En løkke med en stilk

Et nyt parti: `2-5 5-8 8-9 2-8`. Her er brættet og grafen efter de tre første træk,
`2-5 5-8 8-9`. Så spiller O træk 4 i felt 2 og 8. Tegn det mærke ind i grafen, før du besvarer spørgsmålene herunder.
""",
    "b4810186d8": """
### Opgave 03-1

Hvem er vælgeren i `2-5 5-8 8-9 2-8`? Svar `"X"` eller `"O"`.
""",
    "1c8576294a": stuck("03-1"),
    "bc039360ed": """
### Opgave 03-2

Hvilke felter ligger **på løkken**? (Angiv dem i vilkårlig rækkefølge, fx `[4, 5, 6]`.)
""",
    "3d45d58ada": stuck("03-2"),
    "1d134c7d52": f"""
Et mærke kan høre til gruppen uden at ligge på løkken: det hænger ud fra den. Goff
kalder sådanne mærker [stilke]({G}#stem). En stilk har ingen frihed tilbage: uanset hvad
vælgeren bestemmer, fylder løkken det felt, hvor stilken sidder fast, så stilkens
mærke må lande i sit andet felt.
""",
    "769a353ac4": """
Efter `2-8` markerer tegningen løkken og stilken, og `pending_cycle` nævner dem:
""",
    "760673b036": """
## 4. Kollapset, skridt for skridt

Så snart det nyeste mærke lander, er alt andet tvunget, ét mærke ad gangen: et mærke i et
felt, der lige er blevet optaget, må flytte til sit andet felt, hvilket kan skubbe til det
næste, og så videre rundt i løkken og ud ad stilkene. `cascade` skriver
skridtene op med grunden til hvert af dem; her lægger vælgeren O4 i felt 2:
""",
    "f2d83ff076": """
`draw_cascade` tegner de samme skridt som en stribe små brætter:
""",
    "8c2f2c7053": """
### Opgave 03-3

Nu det andet valg: X lægger O4 i felt **8**. Hvor ender hvert mærke i gruppen? Svar med en
dict fra felt til mærke, `{felt: "mærke", ...}` (eller fra mærke til felt, hvis du
hellere vil). Regn det ud på papir først.
""",
    "abfdf2abef": stuck("03-3"),
    "b3b80f6616": """
## 5. Begge udfald side om side

En god vælger sammenligner de to udfald, før han eller hun bestemmer sig. `collapse_outcomes` giver
begge uden at ændre partiet; tegnet ved siden af hinanden viser de, hvad valget
egentlig handler om.
""",
    "36801aab3b": """
### En løkke af én spillers egne mærker

Reglen gælder også, når en spiller lukker en løkke, der kun består af **sine egne** mærker:
det er stadig den anden spiller, der vælger. Herunder lukker X5 løkken 7-8-9 med X1 og X3,
så O er vælgeren. Begge valg fylder de samme tre felter med X's mærker og bytter kun om på
deres træknumre, så X får rækken 7-8-9, uanset hvad O vælger. Sådan en ombytning betyder
noget, når en linje kun rummer nogle af løkkens felter: den kan ændre linjens højeste
træknummer, som afgør sagen mellem to linjer fra det samme kollaps (notesbog 04).
""",
    "e1b32c5103": """
## 6. Adskilte sammenfiltringer får lov at være

Et kollaps afgør kun den gruppe, løkken hører til. I denne stilling lukker X5
løkken 1-2-3 (med stilken O4 på 3-6), mens X3 står for sig selv i felt 7 og 9.
""",
    "e9c6bf8184": predict(
        "Hvilke mærker er stadig spøgelsesmærker, når O har valgt?"
    ),
    "798d6ab988": """
### Opgave 03-4

Skriv en partinotation, hvis **sidste træk lukker en løkke på fire felter** og overlader
valget til **O** (stop før valget: intet `c`-led til sidst). Tjekkeren
spiller den igennem. (Hvem skal lukke løkken, for at O vælger? Hvor mange mærker skal en løkke
på fire felter bruge?)
""",
    "0e38eee06b": stuck("03-4"),
    "e233bf7763": """
## 7. Måling: hvor metaforen holder, og hvor den brister

Goff bruger kollapset som et billede på en kvante**måling**. Sammenlign:

| | Kvante-kryds og bolle | kvantemåling |
|---|---|---|
| før | en superposition af virkeligheder | en superposition af udfald |
| efter | ét bestemt klassisk bræt for gruppen | ét bestemt udfald |
| andre muligheder | væk fra ensemblet | væk fra tilstanden (tilstanden "kollapser") |
| sammenfiltrede partnere | afgjort med det samme, uanset hvor langt fra hinanden deres felter er | korreleret med det samme, uanset afstanden |
| hvad der udløser det | en løkke i grafen | en vekselvirkning med et måleapparat |
| hvem der bestemmer udfaldet | **en spiller, med vilje** | **ingen: tilfældet**, med sandsynligheder fra Borns regel |

Den sidste række er den store forskel. I fysik kan ingen vælge udfaldet af en måling,
og det er en vigtig grund til, at sammenfiltring ikke kan bruges til at sende en besked
(*no-signalling*-reglen): modtageren i den anden ende ser tilfældige resultater uanset hvad. I spillet
*vælger* vælgeren faktisk udfaldet, og det gør det til et spil, hvor dygtighed tæller. Notesbog 07 spiller
en variant, hvor en mønt bestemmer i stedet.
""",
    "8558723e2d": """
## Resumé

- Et træk, der forbinder to felter, som allerede hænger sammen, lukker en løkke; en løkke med k felter rummer k mærker, så løkken skal afgøres med det samme.
- Den spiller, der ikke lukkede løkken, er vælgeren og bestemmer, hvor det nyeste mærke lander; hvert andet mærke i gruppen, stilke medregnet, er derefter tvunget.
- Adskilte sammenfiltringer bliver ikke rørt af kollapset.
- Ligesom en måling gør et kollaps en superposition til ét bestemt udfald; i modsætning til en måling er det en spiller og ikke tilfældet, der vælger udfaldet.

## Hvad nu

Fortsæt med **[04 · Sejr og point](04_winning_and_scoring.da.ipynb)**. Nu hvor mærker bliver klassiske, kan de danne linjer: hvordan spillet vindes, og hvordan Goff gav point.
""",
}

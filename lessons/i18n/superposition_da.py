"""Danish notebook 01 (superposition): translations of the English cells, keyed by fingerprint."""

from common_da import G, predict, stuck


CODE = [
    ("# ← replace ... with your answer", "# ← erstat ... med dit svar"),
    ("# ← your prediction, e.g.", "# ← din forudsigelse, fx"),
    ('"1/4" or 0.25', '"1/4" eller 0.25'),
    (
        "\"\"\"Print classical boards side by side; '.' is an empty square.\"\"\"",
        "\"\"\"Skriv klassiske brætter ved siden af hinanden; '.' er et tomt felt.\"\"\"",
    ),
    ('"realities")', '"virkeligheder")'),
    ('"separate groups:"', '"adskilte grupper:"'),
]

MARKDOWN = {
    "084877eecf": """
# 01 · Superposition

*Kvante-kryds og bolle, elevens vej, notesbog 01 af 07 (dansk udgave).*
[Åbn denne notesbog på Binder](https://mybinder.org/v2/gh/qttt-edu/qttt-edu/HEAD?labpath=notebooks/i18n/01_superposition.da.ipynb) (kører i browseren, intet skal installeres).

**Efter denne notesbog kan du**

- sige, hvad et par spøgelsesmærker står for: ét mærke i en superposition af to felter;
- opskrive de *virkeligheder* (klassiske brætter), en stilling står for, og tælle dem;
- regne sandsynligheden for en hændelse ud med Goffs lige vægte;
- læse stillingen skrevet som en ket og se, hvorfor antallene for træk, der ikke deler felter, ganges.

**Før du starter:** notesbog [00 · Start her](00_start_here.da.ipynb): du har spillet et parti. Du behøver ingen fysik.

**Tid:** cirka 35 minutter (opgaverne medregnet).
""",
    "49bcb1796e": """
Denne notesbog følger de første figurer i Goffs artikel (A. Goff, “Quantum tic-tac-toe: A teaching metaphor for superposition in quantum mechanics”, *Am. J. Phys.* **74**, 962–973 (2006), doi:10.1119/1.2213635). Hver stilling
bygges ud fra en *partinotation*, så du kan genskabe dem alle i appen i notesbog 00.
""",
    "38b0787d50": f"""
## 1. Ét mærke i to felter

I almindelig kryds og bolle er X's første træk ét X i ét felt. I Kvante-kryds og bolle
skriver X **to** små [spøgelsesmærker]({G}#spooky-mark) `X1` i to forskellige
felter. Reglen siger, at mærket ender i præcis ét af dem, og indtil da optager det
begge. Det er spillets billede af en
[superposition]({G}#superposition): efter reglerne er mærket endnu ikke placeret i nogen
af de to felter; et senere kollaps afgør det. (Intet i selve spillet kan skelne dette fra
et mærke, der allerede står i ét felt, som vi bare ikke kender. I kvantemekanikken er en
superposition mere end uvidenhed: notesbog 07 viser en effekt, interferens, som ren
uvidenhed aldrig kunne give.)

Goffs første figur er brættet efter det ene træk `1-2`:
""",
    "d514ad4215": f"""
## 2. Ensemblet af virkeligheder

Goff læser en stilling som et [ensemble]({G}#ensemble): mængden af alle de almindelige, klassiske
brætter, den stadig kan ende som. Hvert sådant bræt er en [virkelighed]({G}#reality): hvert
spøgelsesmærke står i det ene af sine to felter, intet felt rummer to mærker, og klassiske mærker
bliver, hvor de er.

Efter ét træk er der to virkeligheder: X1 i felt 1 eller X1 i felt 2.
""",
    "5b5f3935be": """
En liste af ordbøger (dictionaries) er svær at læse, så her er en lille hjælpefunktion, der skriver
virkelighederne ved siden af hinanden som små brætter (en prik er et tomt felt). Du behøver ikke
at forstå koden.
""",
    "019ea0dcf3": """
## 3. To træk

Goffs fig. 2 tilføjer O's svar i felt 4 og 5: partinotationen `1-2 4-5`.
""",
    "e2f100e5ab": """
### Opgave 01-1

Hvor mange virkeligheder står `1-2 4-5` for? Regn det ud, før du kører noget
andet; tjek så dit tal.
""",
    "b41236c723": stuck("01-1"),
    "70e319569c": """
Skriv dem nu op:
""",
    "b9b8b670af": """
## 4. Sandsynligheder

Hvilket mærke ender i felt 4? Goff giver hver virkelighed **samme vægt**, så
sandsynligheden (chancen) for en hændelse er ganske enkelt den andel af virkelighederne, hvor den
sker: en hændelse i *k* ud af *n* lige vægtede virkeligheder har sandsynligheden *k*/*n*.
`square_odds` tæller efter for hvert felt; nøglen `""` betyder "intet mærke".
(Materialets funktioner siger *odds*, et ældre ord for chancer; det, de giver tilbage, er
sandsynligheder mellem 0 og 1, ikke odds som "3 til 1" i spil om penge. Python skriver
decimaltal med punktum: 0.25.)
""",
    "edaa517998": predict(
        "I `1-2 4-5`: hvad er sandsynligheden for, at felt 4 ender tomt?"
    ),
    "42f52006db": """
Lige vægte er et valg, Goff træffer, ikke en lov i spillet, og ikke sådan rigtige
kvantesystemer virker: dér har hvert udfald sin egen vægt (notesbog 07 viser hvordan). Husk
"hver virkelighed tæller lige meget" som ét af de steder, hvor metaforen forenkler.

## 5. Stillingen som en ket

Fysikere skriver en tilstand som en sum af *kets*. Goff skriver `|s⟩ₙ` for "mærket fra træk
*n* står i felt *s*". Tilstanden for ét træk er en ligelig sum af dets to pladser, med en
faktor, der får de kvadrerede vægte til at give 1 tilsammen:
""",
    "aa8307f220": """
Den samme ket, sat med formeltegn:
""",
    "9475e733ae": """
I fig. 2 har de to træk intet med hinanden at gøre, så tilstanden er et
**produkt**: (X1's to pladser) gange (O2's to pladser). Gang parenteserne ud, så får du ét led pr. virkelighed, og tallet under kvadratroden tæller dem.
""",
    "e820e90873": """
En tilstand, der er et produkt med én faktor pr. træk, kaldes **separabel**. Notesbog 02
handler om tilstande, der ikke er det.
""",
    "cb8c819d9a": """
### Opgave 01-2

Hvor mange virkeligheder står `1-2 3-4 5-6 7-8` for? (Fire træk, og ingen to af dem deler
et felt.)
""",
    "daa1ad8b11": stuck("01-2"),
    "5b245fc6e3": predict(
        "Hvor mange adskilte grupper af spøgelsesmærker kan der højst være på brættet?"
        " (Tip: hvor mange felter skal en gruppe bruge?)"
    ),
    "2c1cafb090": """
Hver adskilt gruppe skal bruge mindst to felter, og der er ni: altså højst fire
grupper, med ét felt til overs. Antallene for adskilte grupper ganges.
""",
    "f6a28e87f3": """
### Opgave 01-3

Skriv partinotationen for **tre træk**, hvis ensemble har **præcis 8** virkeligheder. Tjekkeren
tæller virkelighederne i din partinotation med spillets regelmotor. Prøv derefter en partinotation
med tre træk og kun 4 virkeligheder, og tjek den med `count_realities` (det kræver ingen
tjekker).
""",
    "ce699afb79": stuck("01-3"),
    "50addfee19": """
## Resumé

- Et par spøgelsesmærker er spillets billede af en superposition: ét mærke i to felter, indtil et kollaps afgør det.
- En stilling står for et ensemble af virkeligheder: alle de klassiske brætter, den stadig kan blive til.
- Med Goffs lige vægte er sandsynligheden for en hændelse den andel af virkelighederne, hvor den sker.
- Træk, der ikke deler noget felt, er uafhængige: ket'en er et produkt, og antallene ganges.

## Hvad nu

Fortsæt med **[02 · Sammenfiltring](02_entanglement.da.ipynb)**. Dér deler mærkerne felter, nogle virkeligheder bliver umulige, og tilstanden holder op med at være et produkt: sammenfiltring.
""",
}

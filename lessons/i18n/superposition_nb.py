"""Norwegian (bokmål) notebook 01, superposition: translations of the English cells by fingerprint."""

from common_nb import ANSWER, GOFF, PROMPT, G, footer, header, predict, stuck, title

NAME = "01_superposition"

CODE = [
    PROMPT,
    ANSWER,
    ('"1/4" or 0.25', '"1/4" eller 0.25'),
    (
        "\"\"\"Print classical boards side by side; '.' is an empty square.\"\"\"",
        "\"\"\"Skriv ut klassiske brett side om side; '.' er en tom rute.\"\"\"",
    ),
    ('"realities")', '"virkeligheter")'),
    ('"separate groups:"', '"adskilte grupper:"'),
]

MARKDOWN = {
    "084877eecf": header(
        NAME,
        [
            "si hva et par spøkelsesmerker står for: ett merke i en superposisjon av to ruter;",
            "liste opp *virkelighetene* (klassiske brett) en stilling står for, og telle dem;",
            "regne ut sannsynligheten for en hendelse med Goffs like vekter;",
            "lese stillingen skrevet som en ket, og se hvorfor uavhengige trekk ganges sammen.",
        ],
        f"notatbok {title('00_start_here')}: du har spilt et parti. Du trenger ingen fysikk.",
        "omtrent 35 minutter (oppgavene medregnet)",
    ),
    "49bcb1796e": f"""
Denne notatboken følger de første figurene i Goffs artikkel ({GOFF}). Hver stilling er
bygd fra en *partinotasjon*, så du kan gjenskape hvilken som helst av dem i appen i notatbok 00.
""",
    "38b0787d50": f"""
## 1. Ett merke i to ruter

I vanlig tre på rad er Xs første trekk én X i én rute. I Kvante-tre på rad skriver X
**to** små [spøkelsesmerker]({G}#spooky-mark) `X1` i to forskjellige ruter. Regelen sier at
merket til slutt havner i nøyaktig én av dem, og inntil da er det i begge. Det er spillets
bilde på en [superposisjon]({G}#superposition): etter reglene er merket ennå ikke plassert
i noen av rutene; en senere kollaps avgjør det. (Ingenting i selve spillet kan skille dette
fra et merke som allerede står i én rute vi ikke vet hvilken er. I kvantemekanikken er en
superposisjon mer enn at vi ikke vet: notatbok 07 viser en virkning, interferens, som
ren uvitenhet aldri kan gi.)

Goffs første figur er brettet etter det ene trekket `1-2`:
""",
    "d514ad4215": f"""
## 2. Ensemblet av virkeligheter

Goff leser en stilling som et [ensemble]({G}#ensemble): mengden av alle vanlige, klassiske
brett den fortsatt kan bli til. Hvert slikt brett er en [virkelighet]({G}#reality): hvert
spøkelsesmerke står i én av sine to ruter, ingen rute har to merker, og klassiske merker
blir stående der de er.

Med ett trekk finnes det to virkeligheter: X1 i rute 1 eller X1 i rute 2.
""",
    "5b5f3935be": """
En liste med ordbøker (dictionaries) er tung å lese, så her er en liten hjelpefunksjon som
skriver ut virkelighetene side om side som små brett (en prikk er en tom rute). Du trenger
ikke forstå koden.
""",
    "019ea0dcf3": """
## 3. To trekk

Goffs figur 2 legger til Os svar i rute 4 og 5: partinotasjonen `1-2 4-5`.
""",
    "e2f100e5ab": """
### Oppgave 01-1

Hvor mange virkeligheter står `1-2 4-5` for? Regn det ut før du kjører noe mer; sjekk så
tallet ditt.
""",
    "b41236c723": stuck("01-1"),
    "70e319569c": "Nå lister vi dem opp:",
    "b9b8b670af": """
## 4. Sannsynligheter

Hvilket merke havner i rute 4? Goff gir hver virkelighet **samme vekt**, så sannsynligheten
(sjansen) for en hendelse er rett og slett andelen av virkelighetene der den skjer: en hendelse i *k* av *n* like tunge virkeligheter har sannsynligheten *k*/*n*. `square_odds` gjør tellingen for hver
rute; nøkkelen `""` betyr «ikke noe merke». (Funksjonene i opplegget sier *odds*, et eldre
engelsk ord for sjanser; det de gir tilbake, er sannsynligheter mellom 0 og 1, ikke odds
som «3 mot 1» i pengespill.)
""",
    "edaa517998": predict("Hva er sannsynligheten for at rute 4 ender opp tom i `1-2 4-5`?"),
    "42f52006db": """
Like vekter er et valg Goff tar, ikke en lov i spillet, og ikke slik ekte kvantesystemer
virker: der har hvert utfall sin egen vekt (notatbok 07 viser hvordan). Husk «hver
virkelighet teller like mye» som ett sted der metaforen forenkler.

## 5. Stillingen som en ket

Fysikere skriver en tilstand som en sum av *ketter*. Goff skriver `|s⟩ₙ` for «merket fra
trekk *n* står i rute *s*». Tilstanden til ett trekk er en sum med like vekter av de to
plassene, med en faktor som gjør at vektene i andre potens summeres til 1:
""",
    "aa8307f220": "Den samme keten, pent satt:",
    "9475e733ae": """
I figur 2 har de to trekkene ingenting med hverandre å gjøre, så tilstanden er et
**produkt**: (X1s to plasser) ganger (O2s to plasser). Ganger du ut, får du ett ledd per virkelighet, og tallet under rottegnet teller dem.
""",
    "e820e90873": """
En tilstand som er et produkt, én faktor per trekk, kalles **separabel**. Notatbok 02
handler om tilstander som ikke er det.
""",
    "cb8c819d9a": """
### Oppgave 01-2

Hvor mange virkeligheter står `1-2 3-4 5-6 7-8` for? (Fire trekk, og ingen to av dem deler
en rute.)
""",
    "daa1ad8b11": stuck("01-2"),
    "5b245fc6e3": predict(
        "Hvor mange adskilte grupper av spøkelsesmerker er det på det meste plass til på "
        "brettet? (Hint: hvor mange ruter trenger en gruppe?)"
    ),
    "2c1cafb090": """
Hver gruppe trenger minst to ruter, og brettet har ni: altså høyst fire grupper, med én
rute til overs. Antall virkeligheter for hver gruppe ganges sammen.
""",
    "f6a28e87f3": """
### Oppgave 01-3

Skriv partinotasjonen for **tre trekk** der ensemblet har **nøyaktig 8** virkeligheter.
Sjekkeren teller virkelighetene i notasjonen din med regelmotoren. Prøv deretter en
notasjon med tre trekk og bare 4 virkeligheter, og sjekk den med `count_realities` (her trengs
ingen sjekker).
""",
    "ce699afb79": stuck("01-3"),
    "50addfee19": footer(
        NAME,
        [
            "Et par spøkelsesmerker er spillets bilde på en superposisjon: ett merke i to ruter "
            "til en kollaps avgjør.",
            "En stilling står for et ensemble av virkeligheter: alle klassiske brett den "
            "fortsatt kan bli.",
            "Med Goffs like vekter er sannsynligheten for en hendelse andelen av "
            "virkelighetene der den skjer.",
            "Trekk som ikke deler noen rute, er uavhengige: keten er et produkt, og antallene "
            "ganges sammen.",
        ],
        "02_entanglement",
        "Der deler merkene ruter, noen virkeligheter blir umulige, og tilstanden slutter å "
        "være et produkt: sammenfiltring.",
    ),
}

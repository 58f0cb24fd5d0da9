"""Norwegian (bokmål) notebook 02, entanglement: translations of the English cells by fingerprint."""

from common_nb import ANSWER, GOFF, PROMPT, G, footer, header, predict, stuck, title

NAME = "02_entanglement"

CODE = [
    PROMPT,
    ANSWER,
    ('"2/3" or 0.67', '"2/3" eller 0.67'),
    (
        "\"\"\"Print classical boards side by side; '.' is an empty square.\"\"\"",
        "\"\"\"Skriv ut klassiske brett side om side; '.' er en tom rute.\"\"\"",
    ),
    ('"joins squares", a, "and", b', '"binder sammen rute", a, "og", b'),
    ('"separate groups:"', '"adskilte grupper:"'),
    ('"the board"', '"brettet"'),
    ('"its entanglement graph"', '"sammenfiltringsgrafen"'),
    ('"the group on its own:"', '"gruppen alene:"'),
    ('"   X3 on its own: 2   whole position:"', '"   X3 alene: 2   hele stillingen:"'),
    ('"   (Fig. 2, for comparison)"', '"   (figur 2, til sammenligning)"'),
    # The table's columns are as wide as their Norwegian headings.
    (
        '"record                  marks  realities  X1 in square 3"',
        '"notasjon                merker  virkeligheter  X1 i rute 3"',
    ),
    ("{len(game.spooky_marks):5}  {count_realities(game):9}", "{len(game.spooky_marks):6}  {count_realities(game):13}"),
]

MARKDOWN = {
    "d9c1924640": header(
        NAME,
        [
            "forklare hva som endrer seg når to merker deler en rute: noen kombinasjoner blir "
            "umulige, og sannsynlighetene for det ene merket avhenger av det andre;",
            "tegne og lese sammenfiltringsgrafen;",
            "telle virkelighetene i et tre av spøkelsesmerker (én per tom rute) og lese "
            "sannsynligheter ut fra formen på treet;",
            "avgjøre om en tilstand er et produkt (separabel) eller sammenfiltret;",
            "gjenskape Goffs «dekoherens»-tall og si hva navnet betyr og "
            "ikke betyr i fysikken.",
        ],
        f"notatbok {title('01_superposition')} (virkeligheter, sannsynligheter, ketter).",
        "omtrent 45 minutter (oppgavene medregnet); har du dårlig tid, kan du lese rammen "
        "på slutten hjemme",
    ),
    "7e10f6849b": f"""
## 1. To merker deler en rute

I Goffs figur 3 ({GOFF}) svarer O på Xs `1-2` med `2-5`: O setter ett av sine
spøkelsesmerker i rute 2, der X allerede har ett.
""",
    "b431e5be81": """
To uavhengige trekk, som i figur 2, ga 2 × 2 = 4 virkeligheter. Husk at i en virkelighet
har hver rute høyst ett merke.
""",
    "97ac74f3c3": """
### Oppgave 02-1

Hvor mange virkeligheter står `1-2 2-5` for?
""",
    "76a88fd09f": stuck("02-1"),
    "b714c421f4": "List dem opp for å sjekke tellingen din:",
    "b31bd01b2d": """
### Oppgave 02-2

Når alle virkelighetene er like sannsynlige, hva er sannsynligheten for at **X1 havner i
rute 1**? (Brøk, desimaltall eller prosent: alt går fint.)
""",
    "3ca61614fe": stuck("02-2"),
    "bb338128f1": """
Sjekk med `mark_odds`, som gir sannsynligheten for hvert spøkelsesmerke i hver av dets to
ruter:
""",
    "caeb295b0c": f"""
Os trekk endret sannsynlighetene for **Xs** merke: før var X1 50:50; nå heller det mot
rute 1. Hva det ene merket gjør, avhenger av det andre, og du kan ikke lenger beskrive X1
alene: bare paret har en bestemt liste med muligheter. Merker som henger sammen på denne
måten, er [sammenfiltret]({G}#entanglement); avsnitt 4 sier nøyaktig hva det betyr for
tilstanden.

## 2. Sammenfiltringsgrafen

Et bilde gjør forbindelsene synlige. La rutene være punktene i en graf, og tegn hvert
spøkelsesmerke som en strek (en *kant*) mellom sine to ruter. Merker som henger sammen
gjennom felles ruter, danner én gruppe; adskilte grupper er uavhengige av hverandre.
Dette er [sammenfiltringsgrafen]({G}#entanglement-graph).
""",
    "8bb96ca5de": """
`draw_entanglement` tegner den med punktet for hver rute der ruten står på brettet, og
hver kant merket med sitt spøkelsesmerke:
""",
    "da78b853b6": predict(
        "Gruppen {1, 2, 5, 6} har tre merker på fire ruter, og det frittstående merket X3 står "
        "på 7-9. Hvor mange virkeligheter har hele stillingen?"
    ),
    "8a345cedd4": """
## 3. Å telle virkelighetene i et tre

Før hvert trekk har sammenfiltringsgrafen ingen sykluser: hver gruppe er et *tre* (en
syklus kollapser med en gang, notatbok 03). Et tre med *k* merker dekker alltid *k* + 1
ruter, og i hver virkelighet står nøyaktig **én** av rutene tom. Velg den tomme ruten, så
er alt annet tvunget: hvert merke havner i den av sine ruter som ligger lengst fra den
tomme. Et tre med *k* merker har altså nøyaktig *k* + 1 virkeligheter, én per tom rute.

Da får du sannsynligheten for et merke i et tre uten å liste opp noe: et merke havner på
den siden av kanten sin som vender **bort fra** den tomme ruten, så

> sannsynlighet(merket havner i rute *s*) = (rutene på den *andre* siden av merket) ÷
> (alle rutene i treet).

Et eksempel: i `1-3 1-2` har treet rutene 1, 2 og 3. X1 (på 1-3) havner i rute 3 hver gang
den tomme ruten er 1 eller 2: en sannsynlighet på 2/3.
""",
    "50c6362296": """
### Oppgave 02-3

Start fra `1-3 1-2`. Gi **ett trekk til** (et par ruter) som gjør at sannsynligheten for at
X1 havner i rute 3, blir nøyaktig **3/4**. Flere svar er riktige; sjekkeren godtar alle.
""",
    "ca2fdee604": stuck("02-3"),
    "5e834bb8b2": """
## 4. Sammenfiltring i keten

Notatbok 01 skrev en stilling som en ket, en sum med like vekter av virkelighetene. For
figur 2 var keten et **produkt**, én faktor per trekk. Goff skriver figur 3 som en sum med
like vekter av virkelighetene, og tallet under rottegnet teller dem:
""",
    "47a441562f": """
### Oppgave 02-4

Er tilstanden til `1-2 2-5` **separabel** (et produkt av én faktor for X1 og én for O2)?
Svar ja eller nei. Vil du teste det ordentlig, prøv å skrive den som
(a|1⟩₁ + b|2⟩₁)(c|2⟩₂ + d|5⟩₂) og gang ut.
""",
    "2104ce5913": stuck("02-4"),
    "dcb373070c": """
En tilstand som ikke er et produkt, kalles **sammenfiltret**: det er den presise meningen
med ordet. Felles ruter gjorde figur 3 sammenfiltret, mens figur 2, uten noen felles rute,
er et produkt. (En advarsel til senere, fra notatbok 07: i spillet beskriver «ikke et
produkt» en liste med like sannsynlige brett, og vanlige ting kan henge sammen på samme
måte: et rødt og et svart kort forseglet i hver sin konvolutt. Sammenfiltring i
kvantemekanikken er mer enn det.)

## 5. Goffs «dekoherens»-tall

Goffs figur 14–16 setter X1 på rute 1 og 3 og kjeder så flere merker på siden til rute 1.
Han oppgir sannsynligheten for at X1 havner i rute 3, som **50 %, 67 %, 75 % og 83 %**.
Artikkelen skriver ikke ut hver partinotasjon, så stigen nedenfor er **en rekonstruksjon
laget for dette opplegget**: en kjede som vokser med én rute om gangen på siden til rute 1, og som
gir de fire tallene hans.
""",
    "edd8bc942a": predict(
        "Med fire merker i kjeden (`1-3 1-2 2-4 4-5`), hva er sannsynligheten for at X1 havner "
        "i rute 3? Bruk regelen fra avsnitt 3."
    ),
    "edaf2ec274": """
Hvert trinn er (merker) ÷ (merker + 1): 1/2, 2/3, 3/4, 4/5, 5/6. I denne rekonstruksjonen
er Goffs fire tall trinn 1, 2, 3 og 5 (83 % = 5/6 med fem merker), og trinnet på 80 % som
du spådde, ligger mellom de to siste tallene hans; figurene i artikkelen kan kjede merkene
på en annen måte, siden ethvert tre med like mange ruter på hver side gir de samme tallene.
Regelen fra avsnitt 3 forklarer stigen: hvert nytt merke legger til en rute på siden til
rute 1, og X1 havner i 3 hver gang den tomme ruten er på den siden.

### Hva «dekoherens» betyr her, og i fysikken

Goff har lånt navnet på stigen, så bruk det med forsiktighet.

- **Det som stemmer.** I fysikken skjer dekoherens når et system blir sammenfiltret med mer
  og mer av omgivelsene. Etterpå kan systemet ikke beskrives alene, og superposisjonen viser
  ikke lenger interferens: den ser ut som et vanlig «enten det ene eller det andre». Stigen
  viser den første halvdelen i miniatyr: jo flere merker X1 er sammenfiltret med, jo mindre
  forteller X1 alene.
- **Det som ikke stemmer.** Ekte dekoherens skyver *ikke* sannsynlighetene mot ett utfall;
  den lar dem være som de var og fjerner interferensen mellom dem. At tallene her driver fra
  50 % mot 100 %, kommer av at vi teller like tunge virkeligheter i et tre som vokser. Og
  spillet har ingen interferens å miste i utgangspunktet (notatbok 07).
""",
    "c0e32beb5b": footer(
        NAME,
        [
            "Merker som deler en rute, er sammenfiltret: noen kombinasjoner blir umulige, og keten er ikke lenger et produkt.",
            "Sammenfiltringsgrafen har ruter som punkter og merker som kanter; adskilte grupper "
            "er uavhengige, og antallene deres ganges sammen.",
            "Et tre med k merker har k + 1 virkeligheter, én per tom rute, så sannsynligheter "
            "kan leses ut fra formen på treet.",
            "Goffs dekoherensstige: jo flere merker X1 er sammenfiltret med, desto mindre forteller X1 alene; ekte dekoherens har «sammenfiltret "
            "med omgivelsene» til felles med stigen, men ikke driften.",
        ],
        "03_measurement_and_collapse",
        "Når et nytt trekk binder sammen to ruter som allerede henger sammen, får grafen en "
        "syklus, og spillet må bestemme seg: måling og kollaps.",
    ),
}

"""Norwegian (bokmål) notebook 03, measurement and collapse: translations by fingerprint."""

from common_nb import ANSWER, GOFF, PROMPT, G, footer, header, predict, stuck, title

NAME = "03_measurement_and_collapse"

CODE = [
    PROMPT,
    ANSWER,
    ('"realities")', '"virkeligheter")'),
    (
        'print("newest mark:", pending.mark, "  squares:", pending.choices, "  chooser:", '
        "pending.chooser)",
        'print("nyeste merke:", pending.mark, "  ruter:", pending.choices, "  velger:", '
        "pending.chooser)",
    ),
    ('f"X3 in square {square}:"', 'f"X3 i rute {square}:"'),
    ('"cycle squares:"', '"ruter i syklusen: "'),
    ('"cycle marks:  "', '"merker i syklusen:"'),
    ('"stems:        "', '"stilker:          "'),
    (
        '"chooser:      ", info.chooser, "chooses where", info.mark, "lands:"',
        '"velger:           ", info.chooser, "bestemmer hvor", info.mark, "havner:"',
    ),
    ('f"O4 in square {square}:"', 'f"O4 i rute {square}:"'),
    ('f"X chooses c{square}"', 'f"X velger c{square}"'),
    ('"the collapse fills:"', '"kollapsen fyller:"'),
    ('"left alone:"', '"blir ikke rørt:"'),
    ('"still spooky:"', '"fortsatt spøkelsesmerker:"'),
]

MARKDOWN = {
    "36d38718ca": header(
        NAME,
        [
            "kjenne igjen når et trekk lukker en *syklus*, og si hvorfor en syklus tvinger fram "
            "en avgjørelse;",
            "si hvem som er *velgeren*, og forutsi begge mulige utfall av en kollaps;",
            "følge en kollaps steg for steg, med stilker, og se at adskilte sammenfiltringer "
            "ikke blir rørt;",
            "sammenligne spillets kollaps med en kvantemåling: hva som stemmer, og hva som "
            "ikke gjør det.",
        ],
        f"notatbok {title('02_entanglement')} (sammenfiltringsgrafen, virkelighetene i et tre).",
        "omtrent 45 minutter (oppgavene medregnet); har du dårlig tid, kan du lese avsnitt 7 "
        "hjemme",
    ),
    "978285312a": f"""
## 1. Et trekk som lukker en syklus

Goffs figur 4 ({GOFF}) fortsetter figur 3 (`1-2 2-5`) med Xs trekk `1-5`. Rute 1 og 5 var
allerede forbundet gjennom rute 2 (X1 binder sammen 1-2, O2 binder sammen 2-5), så det nye
merket lukker en ring i sammenfiltringsgrafen: en [syklus]({G}#cycle).
""",
    "c18750ea9f": predict(
        "Tre merker på tre ruter, hvert merke i én av sine to ruter, ett merke per rute. Hvor "
        "mange virkeligheter er igjen?"
    ),
    "72eead93fb": f"""
Bare to: merkene kan gå rundt syklusen den ene eller den andre veien. Hver rute i syklusen
er nå opptatt. Hvis spillet lot et fjerde merke binde sammen disse tre rutene, ville det
være fire merker til tre ruter og **ingen** virkelighet i det hele tatt. Syklusen kan altså
ikke vente: den må avgjøres nå. Derfor tvinger en syklus fram en avgjørelse.

## 2. Hvem bestemmer: velgeren

Regelen: spilleren som **ikke** lukket syklusen, velger hvilken av de to rutene det nyeste
merket havner i. Her lukket X den med X3, så O er [velgeren]({G}#chooser). Spillet vet det:
""",
    "8c9ae8f104": """
Hvert valg beholder nøyaktig én virkelighet: den der det nyeste merket allerede
står i den valgte ruten. `collapse_subsets` viser hvilken virkelighet som overlever hvilket
valg:
""",
    "1d7370c4da": f"""
I Goffs figur 5 legger O X3 i rute 1 (partinotasjonen får leddet `c1`). Da må X1 forlate
rute 1 og gå til rute 2, og det skyver O2 til rute 5. Alle tre merkene blir
[klassiske]({G}#classical-mark).
""",
    "ba75554d4a": """
Etter kollapsen trekker velgeren som vanlig: O gjør trekk 4 med en gang, og har altså turen
to ganger på rad (valget, så trekket).

## 3. En syklus med en stilk

Et nytt parti: `2-5 5-8 8-9 2-8`. Her er brettet og grafen etter de tre første trekkene,
`2-5 5-8 8-9`. Så spiller O trekk 4 på rute 2 og 8. Tegn det merket
inn i grafen før du svarer på spørsmålene nedenfor.
""",
    "b4810186d8": """
### Oppgave 03-1

Hvem er velgeren i `2-5 5-8 8-9 2-8`? Svar `"X"` eller `"O"`.
""",
    "1c8576294a": stuck("03-1"),
    "bc039360ed": """
### Oppgave 03-2

Hvilke ruter ligger **på syklusen**? (Gi dem i hvilken som helst rekkefølge, f.eks.
`[4, 5, 6]`.)
""",
    "3d45d58ada": stuck("03-2"),
    "1d134c7d52": f"""
Et merke kan høre til gruppen uten å ligge på syklusen: det henger på den som en gren. Goff kaller
slike merker [stilker]({G}#stem). En stilk har ingen frihet igjen: uansett hva velgeren
bestemmer, fyller syklusen ruten der stilken er festet, så merket i stilken må havne i sin
andre rute.
""",
    "769a353ac4": "Etter `2-8` markerer tegningen syklusen og stilken, og `pending_cycle` navngir dem:",
    "760673b036": """
## 4. Kollapsen, steg for steg

Så snart det nyeste merket har landet, er alt annet tvunget, ett merke om gangen: et merke
i en rute som nettopp er tatt, må flytte til sin andre rute, noe som kan skyve det neste,
og så videre rundt syklusen og ut langs stilkene. `cascade` lister opp stegene med grunnen
til hvert av dem; her legger velgeren O4 i rute 2:
""",
    "f2d83ff076": "`draw_cascade` tegner de samme stegene som en stripe med små brett:",
    "8c2f2c7053": """
### Oppgave 03-3

Nå det andre valget: X legger O4 i rute **8**. Hvor havner hvert merke i gruppen? Svar med
en ordbok (dict) fra rute til merke, `{rute: "merke", ...}` (eller fra merke til
rute, om du heller vil). Regn det ut på papir først.
""",
    "abfdf2abef": stuck("03-3"),
    "b3b80f6616": """
## 5. Begge utfallene side om side

En god velger sammenligner de to utfallene før hun eller han bestemmer seg.
`collapse_outcomes` gir begge uten å endre partiet; tegner du dem ved siden av hverandre,
ser du hva valget egentlig handler om.
""",
    "36801aab3b": """
### En syklus av én spillers egne merker

Regelen gjelder også når en spiller lukker en syklus som bare består av **sine egne**
merker: det er fortsatt den andre spilleren som velger. Nedenfor lukker X5 syklusen 7-8-9
med X1 og X3, så O er velgeren. Begge valgene fyller de samme tre rutene med Xs merker og
bytter bare om på trekknumrene deres, så X får raden 7-8-9 uansett hva O velger. Et slikt
bytte betyr noe når en linje bare har noen av syklusens ruter: det kan endre linjens
høyeste trekknummer, som avgjør mellom to linjer fra samme kollaps (notatbok 04).
""",
    "e1b32c5103": """
## 6. Adskilte sammenfiltringer blir ikke rørt

En kollaps avgjør bare den gruppen syklusen hører til. I denne stillingen lukker X5
syklusen 1-2-3 (med stilken O4 på 3-6), mens X3 står for seg selv på rute 7 og 9.
""",
    "e9c6bf8184": predict("Hvilke merker er fortsatt spøkelsesmerker etter at O har valgt?"),
    "798d6ab988": """
### Oppgave 03-4

Skriv en partinotasjon der **det siste trekket lukker en syklus på fire ruter** og lar
**O** velge (stopp før valget: ikke noe `c`-ledd på slutten). Sjekkeren spiller den av.
(Hvem må lukke syklusen for at O skal velge? Hvor mange merker trenger en syklus på fire
ruter?)
""",
    "0e38eee06b": stuck("03-4"),
    "e233bf7763": """
## 7. Måling: hvor metaforen holder, og hvor den svikter

Goff bruker kollapsen som et bilde på en kvantemekanisk **måling**. Sammenlign:

| | Kvante-tre på rad | kvantemåling |
|---|---|---|
| før | en superposisjon av virkeligheter | en superposisjon av utfall |
| etter | ett bestemt klassisk brett for gruppen | ett bestemt utfall |
| de andre mulighetene | borte fra ensemblet | borte fra tilstanden (tilstanden «kollapser») |
| sammenfiltrede partnere | avgjort med en gang, uansett hvor langt fra hverandre rutene er | korrelert med en gang, uansett avstand |
| hva som utløser den | en syklus i grafen | en vekselvirkning med et måleapparat |
| hvem som bestemmer utfallet | **en spiller, med vilje** | **ingen: tilfeldigheter**, med sannsynligheter fra Borns regel |

Den siste raden er den store forskjellen. I fysikken kan ingen velge utfallet av en måling,
og det er en viktig grunn til at sammenfiltring ikke kan brukes til å sende en beskjed
(*no-signalling*-prinsippet, på engelsk *no-signalling*): i den andre enden ser man
tilfeldige resultater uansett. I spillet *velger* velgeren utfallet, og det gjør det til et
ferdighetsspill. I notatbok 07 spiller vi en variant der en mynt bestemmer i stedet.
""",
    "8558723e2d": footer(
        NAME,
        [
            "Et trekk som binder sammen to ruter som allerede henger sammen, lukker en syklus; "
            "en syklus på k ruter har k merker, så syklusen må avgjøres med en gang.",
            "Spilleren som ikke lukket syklusen, er velgeren og bestemmer hvor det nyeste "
            "merket havner; alle andre merker i gruppen, stilkene medregnet, er da tvunget.",
            "Adskilte sammenfiltringer blir ikke rørt av kollapsen.",
            "Som en måling gjør en kollaps en superposisjon om til ett bestemt utfall; i "
            "motsetning til en måling velger en spiller utfallet, ikke tilfeldighetene.",
        ],
        "04_winning_and_scoring",
        "Nå som merker blir klassiske, kan de danne linjer: hvordan partiet vinnes, og hvordan "
        "Goff ga poeng.",
    ),
}

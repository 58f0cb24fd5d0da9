"""Norwegian (bokmål) notebook 04, winning and scoring: translations of the English cells by fingerprint."""

import re

from common_nb import ANSWER, GOFF, PROMPT, G, footer, header, predict, stuck, title

NAME = "04_winning_and_scoring"

CODE = [
    ("# the only legal move", "# det eneste lovlige trekket"),
    PROMPT,
    ANSWER,
    ('"yes" or "no"', '"ja" eller "nei"'),
    ('"X" or "O"', '"X" eller "O"'),
    # Yes/no answers are printed as words of the language, never as Python's True/False.
    (
        re.compile(r'^print\("game over:", (.+)\)$', re.M),
        r'print("partiet er slutt:", "ja" if \1 else "nei")',
    ),
    ('"classical marks:"', '"klassiske merker:"'),
    ('"winner:"', '"vinner:"'),
    ('"line", line.squares, "completed by move"', '"linje", line.squares, "fullført av trekk"'),
    ('"line", line.squares, "highest move"', '"linje", line.squares, "høyeste trekknummer"'),
    ("# take back the collapse c9", "# ta tilbake kollapsen c9"),
    ("# O puts X7 in square 8 instead", "# O legger X7 i rute 8 i stedet"),
    # No outcome yet is Python's None: say in words that the game goes on.
    (
        re.compile(r'^print\("outcome:", (.+)\)$', re.M),
        r'print("resultat:", "partiet fortsetter" if \1 is None else \1)',
    ),
    ('"example 4:"', '"eksempel 4:"'),
    ('"O\'s column game:"', '"partiet med Os kolonne:"'),
    # The scorings keep their names (seed, complete, goff); a draw is a word of the language.
    (
        'complete = "draw" if out.simultaneous else out.result',
        'complete = "uavgjort" if out.simultaneous else out.result.replace("draw", "uavgjort")',
    ),
    ('return f"{out.result:>{width[0]}}', 'return f"{out.result.replace(\'draw\', \'uavgjort\'):>{width[0]}}'),
    ('"O\'s column": o_wins', '"Os kolonne": o_wins'),
    ('"another": Game', '"et annet": Game'),
    ('"example 4": example4', '"eksempel 4": example4'),
    (
        "print(f\"{'game':12}",
        "print(f\"{'parti':12}",
    ),
    ('"legal:"', '"lovlige:"'),
    ('"wins with"', '"vinner med"'),
    ("# codes 1-9 are the classical ninth move", "# kodene 1-9 er det klassiske niende trekket"),
    (
        '"single-square moves seen at move numbers:"',
        '"trekk med én rute sett ved trekknummer:"',
    ),
    (
        re.compile(r'^print\("games ended by the ninth move:", (.+)\)$', re.M),
        r'print("partier avsluttet av det niende trekket:", "ja" if \1 else "nei")',
    ),
]

MARKDOWN = {
    "9273eb923d": header(
        NAME,
        [
            "avgjøre hvem som har vunnet i en stilling, ut fra de klassiske merkene alene;",
            "bruke regelen om den tidligste linjen når én kollaps gir begge spillerne en linje;",
            "regne ut Goffs publiserte poeng og si hvordan de skiller seg fra det ene "
            "resultatet opplegget gir;",
            "kjenne igjen Xs niende trekk og forklare hvorfor det bare kan skje i trekk 9.",
        ],
        f"notatbok {title('03_measurement_and_collapse')} (hva en kollaps gjør). Du trenger "
        "ikke mer Python enn å kjøre celler.",
        "omtrent 60 minutter (oppgavene medregnet), 10 av dem til partiet du spiller i "
        "avsnitt 7. Har du dårlig tid: spill det partiet (oppgave 04-4) hjemme eller i "
        "begynnelsen av neste time",
    ),
    "6df7bcdb2d": """
## Før vi begynner

Kjør cellen nedenfor (klikk i den og trykk **Shift+Enter**). Den laster inn regelmotoren
og oppgavesjekkeren. Et `Game` bygd fra en *partinotasjon* som `"1-2 1-2 c1"` tegner seg
selv når det står på siste linje i en celle.
""",
    "ed1013f1d3": f"""
## 1. Bare klassiske merker teller

I stillingen nedenfor har X spilt tre trekk, `4-7`, `5-8` og `6-9`: det står et
[spøkelsesmerke]({G}#spooky-mark) for X i hver rute i den midterste raden *og* i den
nederste raden.
""",
    "8f758572ec": predict("Har X vunnet: er partiet slutt?"),
    "f13e4fdb56": f"""
En linje er en rad, en kolonne eller en diagonal der alle tre rutene har
[klassiske merker]({G}#classical-mark) fra samme spiller. Et spøkelsesmerke står ennå ikke
sikkert noe sted, så spøkelsesmerker gir aldri en linje, uansett hvor mange av dem som står
på rad. Ingenting er klassisk ennå, så ingen har en linje. Alle Xs merker kan fortsatt ende
i den nederste raden, eller alle i den midterste, eller fordeles mellom dem: det kan ikke
spillet vite før merkene kollapser. Partiet slutter først når en kollaps etterlater minst
én linje, eller når alle ni rutene er klassiske.

## 2. En linje, og slutten på partiet

Her er et kort parti. Xs sjuende trekk, `8-9`, havner i de samme to rutene som O6 og
lukker en syklus. O er velgeren, legger X7 i rute 9, og hele gruppen kollapser.
""",
    "289c352e65": """
Partiets `outcome` sier hvem som vant, og med hvilken linje. Hver linje har sitt
**høyeste trekknummer**: trekket som fullførte den.
""",
    "06a026063c": """
O hadde et valg og valgte godt. Ta tilbake kollapsen og la O velge den andre ruten for X7:
""",
    "655444c71a": """
Med X7 i rute 8 blir O6 skjøvet til 9, og ingen har en linje: partiet fortsetter. Ved å
lukke en syklus ga X valget til O, og O brukte det til å fullføre kolonnen 2-5-8.
Notatbok 05 handler om å se slike feller før du går i dem.

## 3. Når én kollaps gir *begge* spillerne en linje

En kollaps avgjør mange merker på én gang, så den kan fullføre en linje for X og en linje
for O i samme øyeblikk. Hvilken teller? Regelen opplegget bruker:

> Ta det høyeste trekknummeret i hver linje. Spilleren hvis linje har det laveste slike
> tallet (den ble fullført først), vinner.

Xs trekknumre er oddetall og Os er partall, så de kan aldri stå likt. Her er eksempel 4 i
reglene til opplegget:
""",
    "aeb090cd67": predict(
        "Begge spillerne har en linje på dette brettet. Finn dem, og det høyeste trekknummeret "
        "i hver linje. Hvem vinner?"
    ),
    "804c7a5824": """
Os rad 7-8-9 var fullført med O8; Xs rad 1-2-3 trenger X9, som kom senere. Derfor vinner
O, selv om Xs linje ble fullført av den samme kollapsen. Linjene står i rekkefølge med den
tidligste først, så `outcome.lines[0]` er alltid vinnerlinjen.
""",
    "84419a9b87": """
### Oppgave 04-1

Dette partiet slutter med én kollaps som gir begge spillerne en linje:
`1-2 6-9 4-5 8-9 7-9 2-7 4-6 5-8 c5`. Bygg partiet i neste celle, se på brettet og
avgjør **hvem som vinner** (`"X"`, `"O"` eller `"uavgjort"`) uten å skrive ut resultatet.
Sjekk så.
""",
    "02cc335120": stuck("04-1"),
    "9bb83073b1": f"""
## 4. Goffs publiserte poeng

Goffs artikkel ({GOFF}) gir et parti poeng i stedet for ett enkelt resultat:

| hva som skjedde | vinneren | den andre spilleren |
|---|---|---|
| én spiller fullfører en linje | 1 | 0 |
| én kollaps gir begge spillerne en linje | 1 for den tidligste linjen | 1/2 for den seneste linjen |
| uavgjort (fullt brett, ingen linje) | 0 | 0 |

To linjer for samme spiller gir fortsatt 1 (artikkelen undrer seg over om en dobbel linje
burde gi 1½ eller 2 poeng; opplegget gir ikke poeng for det). Standard i opplegget er ett
enkelt resultat (seier, tap eller uavgjort); Goffs poeng er med for undervisningens skyld
og for løseren i notatbok 06. `outcome.scores` gir dem.
""",
    "61926c0fbf": """
### Oppgave 04-2

Hva er Goffs poeng for **partiet i oppgave 04-1**? Svar med en ordbok (dict) som `{"X": 1, "O": 0}`
eller med to tall, X først.
""",
    "40edbaf327": stuck("04-2"),
    "180e76f08c": """
### Tre måter å gi poeng for de samme partiene

Løseren i notatbok 06 kjenner tre måter å gi poeng på. De er enige om alle partier unntatt
dem der én kollaps gir begge spillerne en linje:

- **seed**, på skjermen *første linje* (standard i opplegget): den tidligste linjen vinner; ett enkelt resultat;
- **complete**, på skjermen *dobbel = uavgjort*: en kollaps som gir begge spillerne en linje, teller som uavgjort;
- **goff**, på skjermen *Goff-poeng*: Goffs poeng, 1 og 1/2.

Cellen nedenfor setter partiene fra denne notatboken ved siden av hverandre.
""",
    "be56388815": """
## 5. To linjer for én spiller

Ett trekk kan fullføre to linjer for samme spiller. Det er likevel én seier og, med Goffs
poeng, ett poeng. I dette partiet havner Xs siste merke i midten:
""",
    "a8018d7750": """
## 6. Det niende trekket

Se på det siste leddet i den partinotasjonen: en enslig `5`, ikke et par. Etter at Os trekk
8 hadde kollapset, var bare rute 5 ledig. Et par spøkelsesmerker trenger to ledige ruter,
så Xs niende trekk er ett enkelt, vanlig klassisk merke.

Her er et annet parti etter trekk 8 (partinotasjonen stopper før Xs siste trekk):
""",
    "490274f17c": """
### Oppgave 04-3

Hvor havner Xs niende trekk i dette partiet? Svar med nummeret på ruten.
""",
    "f39ec638af": stuck("04-3"),
    "5e15841264": "La nå regelmotoren liste opp de lovlige trekkene og spille det niende trekket.",
    "23c6179825": """
### Hvorfor bare i trekk 9?

Tell. Før trekk *n* er det satt *n* − 1 merker, og hvert klassiske merke fyller en rute.
Antall ledige ruter er altså 9 − (klassiske merker) = 10 − *n* + (spøkelsesmerker), minst
10 − *n*. Én enkelt ledig rute krever 10 − *n* ≤ 1: trekk 9, uten spøkelsesmerker igjen.

Og hvis to eller flere ruter er ledige i trekk 9? Da står *s* spøkelsesmerker på *s* + 1
ledige ruter. De danner en skog (hver syklus har kollapset), og en skog med én kant færre
enn antall ruter er ett enkelt tre som binder sammen alle rutene. Ethvert par X setter,
binder derfor sammen to ruter som allerede henger sammen: det lukker en syklus, og Os valg
fyller brettet.

I stedet for å stole på resonnementet kan vi teste det: spill mange tilfeldige partier og
noter ved hvilke trekknumre regelmotoren noen gang tilbød et trekk i én enkelt rute.
""",
    "4f543c35b4": predict(
        "Ved hvilke trekknumre dukker det opp et trekk i én enkelt rute i 2000 tilfeldige "
        "partier?"
    ),
    "c5c147a758": """
2000 partier kan ikke bevise en regel, men resonnementet ovenfor gjør det; partiene tester
det. Hadde et trekk i én rute noen gang dukket opp før trekk 9, ville resonnementet vært
feil.

## 7. Et eget parti

Spill nå et helt parti til det er slutt, mot sidemannen din eller datamaskinen (velg
motstander i menyen i appen). Før hvert trekk: spør deg selv om det lukker en syklus, og
hvem som i så fall skal velge.
""",
    "69c7f9e3a3": """
### Oppgave 04-4

Gi sjekkeren partinotasjonen for **partiet du nettopp spilte**, spilt til ende (en linje
eller et fullt brett). Den første linjen i cellen henter den fra appen; spilte du på papir,
skriver du notasjonen din i stedet. Sjekkeren spiller den av med regelmotoren. Si så hvem
som vant, med hvilken linje og hvilket trekk som fullførte den, og sjekk med
`Game.from_record(answer).outcome`.
""",
    "31a527f5f8": stuck("04-4"),
    "420c74a058": footer(
        NAME,
        [
            "Bare klassiske merker gir linjer; spøkelsesmerker på rad betyr ingenting ennå.",
            "Partiet slutter når en kollaps etterlater en linje, eller når brettet er fullt av "
            "klassiske merker (uavgjort hvis det ikke er noen linje).",
            "Gir én kollaps begge spillerne en linje, vinner linjen med det laveste høyeste "
            "trekknummeret (regelen i opplegget).",
            "Goffs poeng: 1 for en linje; 1 og 1/2 når én kollaps gir begge spillerne en linje; "
            "0 til hver ved uavgjort.",
            "Xs niende trekk er ett enkelt klassisk merke når bare én rute er ledig, og det kan "
            "bare skje i trekk 9.",
        ],
        "05_strategy",
        "Den bruker det du nå kan, til å spille godt: datamaskinspillerne, feller og en "
        "turnering for din egen spiller.",
    ),
}

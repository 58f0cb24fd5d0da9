"""Norwegian (bokmål) start-here notebook: translations of the English cells, keyed by fingerprint."""

import re

G = "../../lessons/nb/glossary.md"

CODE = [
    ('"yes" or "no"', '"ja" eller "nei"'),
    ("# ← your prediction, e.g.", "# ← spådommen din, f.eks."),
    ("# ← replace ... with your answer", "# ← erstatt ... med svaret ditt"),
    ("# not allowed: a collapse is pending", "# ikke tillatt: en kollaps venter"),
    # A yes/no answer is printed as a word of the language, never as Python's False.
    (
        re.compile(r'^print\("waiting for a collapse:", (.+)\)$', re.M),
        r'print("venter på en kollaps:", "ja" if \1 else "nei")',
    ),
    (
        'print(pending.mark, "closed a cycle;", pending.chooser, "chooses between", pending.choices)',
        'print(pending.mark, "lukket en syklus;", pending.chooser, "velger mellom rute",'
        ' pending.choices[0], "og rute", pending.choices[1])',
    ),
    ('"record:"', '"notasjon:"'),
    ('"refused:"', '"avvist:"'),
    ('"record unchanged:"', '"notasjon uendret:"'),
]

MARKDOWN = {
    "ddf6ea089b": """
# 00 · Start her

*Kvante-tre på rad, elevens vei, notatbok 00 av 07 (norsk utgave).*
[Åpne denne notatboken på Binder](https://mybinder.org/v2/gh/qttt-edu/qttt-edu/HEAD?labpath=notebooks/i18n/00_start_here.nb.ipynb) (kjører i nettleseren, du trenger ikke installere noe).

**Etter denne notatboken kan du**

- spille et parti Kvante-tre på rad i notatbokens app, alene eller mot datamaskinen;
- skrive og lese en *partinotasjon* som `1-2 1-2 c1`;
- kjøre en celle, svare på en oppgave og be om et hint;
- finne fram i opplegget: notatbøkene, ordlisten, materialet for læreren.

**Før du begynner:** ingenting. Du trenger verken fysikk eller Python: alle cellene er klare til å kjøres.

**Tid:** omtrent 45 minutter, 10 av dem til å spille (oppgavene medregnet).
""",
    "54c9bfe3be": """
Kvante-tre på rad ble funnet opp av fysikeren Allan Goff som en måte å *kjenne på*
tre merkelige ideer fra kvantemekanikken (superposisjon, sammenfiltring og måling)
ved å leke med dem (A. Goff, “Quantum tic-tac-toe: A teaching metaphor for superposition in quantum mechanics”, *Am. J. Phys.* **74**, 962–973 (2006), doi:10.1119/1.2213635). Med dette opplegget kan du spille det i en notatbok og deretter se
nærmere på hver idé, én notatbok om gangen.
""",
    "57d675a687": f"""
## Slik bruker du en notatbok

En notatbok er en liste med *celler*. Tekstceller (som denne) forklarer; kodeceller (grå
bokser) gjør noe når du **kjører** dem: klikk i cellen og trykk
**Shift+Enter**. Kjør cellene ovenfra og ned. Hvis noe ser feil ut, bruk
*Kernel → Restart and run all* (eller *Run → Run All Cells*) for å begynne på nytt.
Kjører du alle cellene, stopper det ved det første spørsmålet du ikke har svart på ennå:
en celle som viser et resultat, venter til gjetningen eller svaret ditt står i cellen
ovenfor. Skriv det, kjør den cellen og fortsett derfra.

## Reglene på to minutter

Brettet er det vanlige 3 × 3, med rutene nummerert i leseretningen:

```
1 2 3
4 5 6
7 8 9
```

- **Et trekk er et par.** I hvert trekk skriver du to små
  [spøkelsesmerker]({G}#spooky-mark) med nummeret på trekket (X1, O2, X3...) i to
  forskjellige ruter. Merket havner i nøyaktig *én* av de to; inntil da er det
  i begge. X gjør oddetallstrekkene, O partallstrekkene.
- **Hvor et par kan stå.** I to forskjellige ruter uten klassisk merke. En rute kan
  inneholde mange spøkelsesmerker, men aldri et spøkelsesmerke *og* et klassisk merke.
- **Sykluser kollapser.** Når et nytt par kobler sammen to ruter som allerede henger sammen gjennom en
  kjede av spøkelsesmerker, lukker det en [syklus]({G}#cycle). Den *andre* spilleren
  ([velgeren]({G}#chooser)) bestemmer så hvor det nye merket havner, og hvert merke i den
  gruppen blir et stort [klassisk merke]({G}#classical-mark).
- **Så trekker den som valgte.** Etter valget gjør den som valgte, neste trekk som
  vanlig, og trekker altså to ganger på rad: valget, så trekket.
- **Linjer vinner.** Bare klassiske merker teller. Tre klassiske merker i en rad, en kolonne eller en diagonal vinner.
  Gir én kollaps begge spillerne en linje, vinner linjen som ble fullført først (den der
  det høyeste trekknummeret er lavest).
- **Det niende trekket.** Er det bare én rute igjen, er Xs niende trekk ett vanlig
  merke der.

Det er alt. Hele reglene står på [regelkortet](../../lessons/rules/nb.md). Neste celle starter spillet.

**På papir** trenger du bare en blyant: tegn et stort 3 × 3-rutenett, skriv spøkelsesmerkene
smått i et hjørne av rutene sine (X1, O2, ...), og når en syklus kollapser, visker du dem ut
og skriver hvert klassiske merke stort i sin rute.
""",
    "18bde2f2c5": """
## Spill!

Kjør cellen nedenfor. Klikk på to ruter for å sette et par; klikk på en uthevet rute igjen
for å angre. Når en syklus lukkes, sier statuslinjen hvem som velger, og to knapper
tilbyr de to rutene. Panelene ved siden av brettet viser sammenfiltringsgrafen og
hvor mange klassiske brett (*virkeligheter*) som fortsatt er mulige; panelet *Kvanteideen* forteller
hvilken kvanteidé hver hendelse viser.

Spill et helt parti med sidemannen din (to personer, én skjerm). Bruk deretter menyen Motstander
for å spille mot datamaskinen. Appen snakker også engelsk, dansk, finsk og italiensk: velg
et språk i menyen Språk, eller start den med `play(language="nb")` (`"da"`, `"fi"`, `"it"`, `"en"`).

*(Hvis du leser en statisk kopi av denne notatboken, for eksempel på GitHub, vises ikke appen:
åpne notatboken på Binder med lenken øverst.)*
""",
    "d082dde528": """
Appen husker partiet sitt. `app.game.record()` gir partiet så langt som en *partinotasjon*:
trekkene i rekkefølge, som tekst. Kjør denne cellen når du har spilt noen trekk:
""",
    "2069be920b": """
## Partinotasjon

En partinotasjon er måten opplegget skriver ned et parti på, ett ledd per handling:

| ledd | betydning |
|---|---|
| `1-5` | et par spøkelsesmerker i rute 1 og 5 |
| `c5`  | velgeren legger det nyeste merket i rute 5 (en kollaps) |
| `3`   | Xs niende trekk: ett klassisk merke i rute 3 |

En partinotasjon gjenskaper en stilling nøyaktig, så hvert brett i disse notatbøkene kommer fra
én, og du kan lime inn hvilken som helst av dem i appens notasjonsfelt. I kode
bygger `Game.from_record` partiet, og et parti på siste linje i en celle tegner seg selv:
""",
    "e2e7874c34": """
> **Gjett først, kjør så.** Xs neste trekk er `1-5`. Lukker det en syklus? Skriv gjetningen din i neste celle og kjør den; kjør så cellen etter, som regner ut svaret og setter gjetningen din ved siden av.
""",
    "52c1a3126c": """
Nei: X3 kobler rute 1 (som den deler med X1) til rute 5 (som den deler med O2), men rute 1 og
5 var ennå ikke forbundet, så kjeden blir bare lengre.

Nå spiller O `7-9` og kobler sammen 7 og 9,
som allerede er forbundet gjennom 1 og 5:
""",
    "56b11b01bf": """
Opplegget avviser en ulovlig handling med en melding som sier hva som er tillatt, og lar
partiet være uendret:
""",
    "7c8c33c39c": """
## Oppgaver

Hver notatbok har oppgaver. Du skriver svaret ditt i stedet for `...` og kjører
cellen; sjekkeren skriver en linje som begynner med **✓** (riktig) eller **✗** (ikke ennå, med et
hint). Svar kan skrives i enhver fornuftig form: `[1, 4, 7]`, `"1, 4 og 7"` og
`(7, 4, 1)` er alle det samme svaret. Prøv:
""",
    "91b3594c7d": """
### Oppgave 00-1

Hvilke tre ruter utgjør diagonalen fra hjørnet **øverst til høyre** til hjørnet
**nederst til venstre**?
""",
    "ef8962352c": """
Står du fast? `checks.hint("00-1")` gir et hint; `checks.solution("00-1")` viser en gjennomregnet løsning (prøv selv i noen minutter først: løsningen er skjult til du ber om den).
""",
    "d134547939": """
### Oppgave 00-2

Hvem er på tur etter partinotasjonen `1-9 1-9`: `"X"` eller `"O"`? (Tenk over hvilket trekk
som lukket en syklus.)
""",
    "9428e1b241": """
Står du fast? `checks.hint("00-2")` gir et hint; `checks.solution("00-2")` viser en gjennomregnet løsning (prøv selv i noen minutter først: løsningen er skjult til du ber om den).
""",
    "4014126431": """
### Oppgave 00-3

Skriv en partinotasjon der **Xs første merke, X1, ender som et klassisk merke i
midten** (rute 5). Prøv gjerne i appen først, og lim så inn notasjonen her.
""",
    "6af6b18045": """
Står du fast? `checks.hint("00-3")` gir et hint; `checks.solution("00-3")` viser en gjennomregnet løsning (prøv selv i noen minutter først: løsningen er skjult til du ber om den).
""",
    "80caa2a01f": """
## Slik er opplegget bygd opp

**Notatbøkene** (de norske i denne mappen, `notebooks/i18n/`; de engelske ett nivå opp) er elevens vei. Hver begynner med hva du skal
lære, slutter med et sammendrag og tar omtrent én skoletime på 45 minutter (notatbok 05 og 07 tar to). Alle de åtte notatbøkene finnes på norsk.
""",
    "8aec990f34": """
| notatbok | hva den handler om |
|---|---|
| [00 · Start her](00_start_here.nb.ipynb) | spill et parti; slik virker opplegget (denne notatboken) |
| [01 · Superposisjon](01_superposition.nb.ipynb) | ett merke i to ruter; virkeligheter; sjanser |
| [02 · Sammenfiltring](02_entanglement.nb.ipynb) | merker som deler ruter; sammenfiltringsgrafen; Goffs tall for dekoherens |
| [03 · Måling og kollaps](03_measurement_and_collapse.nb.ipynb) | sykluser, velgeren, kaskaden: spillets måling |
| [04 · Seier og poeng](04_winning_and_scoring.nb.ipynb) | linjer, samtidige linjer, Goffs poeng, det niende trekket |
| [05 · Strategi](05_strategy.nb.ipynb) | spill mot datamaskinen; feller; din egen spiller i en klasseturnering |
| [06 · Å løse spillet](06_solving_the_game.nb.ipynb) | hvor stort spillet er; minimaks; hva perfekt spill gir |
| [07 · Metaforen og fysikken](07_metaphor_and_physics.nb.ipynb) | hvor metaforen holder og svikter; tilfeldig kollaps; ekte qubiter i NumPy |
""",
    "fb7af1ac03": f"""
**Ordlisten** ([lessons/nb/glossary.md]({G})) forklarer hvert ord i spillet:
[spøkelsesmerke]({G}#spooky-mark), [klassisk merke]({G}#classical-mark),
[syklus]({G}#cycle), [kollaps]({G}#collapse), [stilk]({G}#stem), [velger]({G}#chooser),
[virkelighet]({G}#reality), [ensemble]({G}#ensemble). Ord med lenker som disse åpner den
(på engelsk, med en tabell over begrepene på norsk).

**For lærere** har mappen `lessons/` undervisningsplaner, arbeidsark, fasit og
reglene på fem språk; [regelkortet på norsk](../../lessons/rules/nb.md).

Du trenger ingen Python for å spille eller følge notatbøkene. Kan du litt og er
nysgjerrig, viser [notatbøkenes README](README.nb.md) delene av pakken.
`set_language("nb")` i første kodecelle får opplegget til å snakke norsk.
""",
    "64272f7d47": """
## Sammendrag

- Et trekk er et par spøkelsesmerker; et trekk som lukker en syklus, lar den andre spilleren velge, og gruppen blir klassisk.
- Bare klassiske merker gir linjer.
- En partinotasjon som `1-9 5-7 1-5 7-9` gjenskaper enhver stilling; appen leser og skriver partinotasjoner.
- Oppgaver sjekkes av `checks.check`; hint og løsninger venter til du ber om dem.

## Hva nå

Fortsett med **[01 · Superposisjon](01_superposition.nb.ipynb)**. Den ser nærmere på ett enkelt trekk: hva det betyr at et merke er i to ruter på en gang.
""",
}

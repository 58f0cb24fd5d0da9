"""Norwegian (bokmål) notebook 06, solving the game: translations of the English cells by fingerprint."""

from common_nb import ANSWER, GOFF, PROMPT, footer, header, link, predict, stuck

NAME = "06_solving_the_game"

CODE = [
    PROMPT,
    ANSWER,
    ('"yes" or "no"', '"ja" eller "nei"'),
    ('"10 %"', '"10 %"'),
    (
        '"""The number of sequences of `depth` legal actions from `position`."""',
        '"""Antall sekvenser av `depth` lovlige handlinger fra `position`."""',
    ),
    # Norwegian writes thousands with a space: 1 531 656, not 1,531,656.
    (
        'print(f"perft({depth}) = {number(perft(Position(), depth)):>11}")',
        'print(f"perft({depth}) = {number(perft(Position(), depth)):>11}")',
    ),
    ('"kinds of first move:"', '"slags første trekk:"'),
    ("{members[0]:4} and {len(members) - 1} more like it:", "{members[0]:4} og {len(members) - 1} til av samme slag:"),
    (
        '"""One random playout: the running product of branch counts at every depth."""',
        '"""Ett tilfeldig parti: det løpende produktet av antall greiner ved hver dybde."""',
    ),
    (
        '"""Knuth\'s estimate of perft(depth): paths that end earlier count 0."""',
        '"""Knuths anslag for perft(depth): veier som slutter tidligere, teller 0."""',
    ),
    (
        'print(f"estimate of perft(4): {number(estimate(4), 0)}   exact: {number(exact)}   off by {percent(off, 2)}")',
        'print(f"anslag for perft(4): {number(estimate(4), 0)}   eksakt: {number(exact)}",'
        ' f"  avvik: {percent(off, 2)}")',
    ),
    (
        'print(f"depth {depth:2}: about {number(estimate(depth), significant=2)} sequences")',
        'print(f"dybde {depth:2}: omtrent {number(estimate(depth), significant=2)} sekvenser")',
    ),
    (
        'print(f"complete games: about {number(mean, significant=2)} (± {percent(error / mean)} standard error)")',
        'print(f"hele partier: omtrent {number(mean, significant=2)} (± {percent(error / mean)} standardfeil)")',
    ),
    ("# e.g. math.factorial(...) ** 2", "# f.eks. math.factorial(...) ** 2"),
    (
        '"""+1 if X wins with perfect play from here, -1 if O does, 0 for a draw."""',
        '"""+1 hvis X vinner med perfekt spill herfra, -1 hvis O gjør det, 0 ved uavgjort."""',
    ),
    ('"value for X:"', '"verdi for X:"'),
    # CacheInfo shows Python's None (maxsize=None): print its two numbers in words instead.
    (
        "print(minimax.cache_info())",
        'print("stillinger løst:", minimax.cache_info().currsize,'
        ' "  funnet igjen i hurtigminnet:", minimax.cache_info().hits)',
    ),
    ('print("solver:", solve(puzzle2).value, "  minimax:"', 'print("løser:", solve(puzzle2).value, "  minimax:"'),
    ('print(f"{scoring_name(scoring):9} value {number(result.value, sign=True)}")', 'print(f"{scoring_name(scoring):24} verdi {number(result.value, sign=True)}")'),
    # A yes/no truth is shown as ja/nei by reveal; a draw is printed as a word.
    ('or "none"', 'or "ingen"'),
    (
        'print(f"{scoring_name(scoring):9} result {end.result:>4}   lines: {lines}   Goff\'s points X {number(end.scores[\'X\'])} / O {number(end.scores[\'O\'])}")',
        "print(f\"{scoring_name(scoring):24} resultat {end.result.replace('draw', 'uavgjort'):>8}   "
        "linjer: {lines}   Goffs poeng X {number(end.scores['X'])} / O {number(end.scores['O'])}\")",
    ),
    ('print("value:", line.value, "  positions searched:", line.nodes)', 'print("verdi:", line.value, "  stillinger søkt gjennom:", line.nodes)'),
    ('"perfect play goes on:"', '"perfekt spill fortsetter:"'),
]

MARKDOWN = {
    "51b3c8c6fc": header(
        NAME,
        [
            "telle spilltreet nøyaktig der en datamaskin klarer det, og anslå det der den ikke "
            "klarer det, og si hvordan;",
            "bruke symmetriene til brettet til å spare arbeid;",
            "forklare minimaks og kjøre en liten egen løser på sene stillinger;",
            "si hva perfekt spill gir med hver måte å gi poeng på, og hva det sier om det "
            "første trekket.",
        ],
        f"notatbok [04]({link('04_winning_and_scoring')}) (poengregler) og "
        f"[05]({link('05_strategy')}) (spillere). Python: funksjoner og rekursjon hjelper, men "
        "du kan kjøre alt som det er.",
        "omtrent 45 minutter (oppgavene medregnet); har du dårlig tid, kan du lese avsnitt 6 "
        "hjemme",
    ),
    "e89ba3228b": """
## 1. Hvor stort er spillet?

Et *spilltre* starter på det tomme brettet; hver lovlige handling (et par, et kollapsvalg,
det niende trekket) er en grein. Sjakkprogrammerere teller det med **perft**: antall
forskjellige sekvenser av handlinger med en gitt lengde. Forutsi de to første nivåene.
""",
    "68ed83913b": """
### Oppgave 06-1

Hvor mange forskjellige første trekk har X?
""",
    "7de80930ef": stuck("06-1"),
    "f900af3d8e": """
### Oppgave 06-2

Hvor mange forskjellige sekvenser av **to** handlinger finnes det (Xs første trekk, så Os)?
""",
    "ae39ae7994": stuck("06-2"),
    "28709bf3c2": """
Nå teller vi. På det siste nivået trenger vi ikke spille noen trekk: antall sekvenser ett
steg dypere er rett og slett antall lovlige handlinger, så det dypeste nivået telles ved å
*legge sammen antall greiner* («bulk counting»).
""",
    "e1ebe1a77f": """
Dybde 3 er ikke bare perft(1)³: bruker Os første trekk Xs to ruter, lukker det en syklus, og den
tredje handlingen er Xs kollapsvalg (2 greiner, ikke perft(1)). De samme fire tallene ligger fast
i testene til opplegget og er bekreftet der av en uavhengig simulator og for hånd.
""",
    "bfda125351": """
## 2. Symmetri

Å dreie eller speilvende brettet endrer ikke hvem som leder. En løser trenger bare å
undersøke én stilling fra hver familie av symmetriske stillinger.
""",
    "671ca32446": """
### Oppgave 06-3

Hvor mange symmetrier har et kvadratisk brett (måter å dreie eller speilvende det slik at det
dekker seg selv, medregnet å ikke gjøre noe)?
""",
    "f9a8eabf22": stuck("06-3"),
    "77acd8b462": """
`symmetries()` lister dem opp som avbildninger av rutene (`sym[s]` er der rute `s` havner).
Del Xs første trekk inn i familier av symmetriske trekk:
""",
    "9c63745d09": """
## 3. Å anslå det vi ikke kan telle

Hvert nivå i treet er omtrent 30 ganger større enn det forrige, så dybde 5 er omtrent 50
millioner sekvenser. Å telle dem én etter én i Python ville ta minutter, og hele spillet
mye lenger, selv med symmetri. På tide å anslå.

Donald Knuths triks (1975): gå **én tilfeldig vei** ned gjennom treet og gang sammen antall
greiner du møter underveis. Har den første stillingen *b*₁ greiner, den neste *b*₂, den neste *b*₃ ..., er produktet *b*₁ × *b*₂ × *b*₃ × ... en gjetning på antall veier. Én gjetning er grov,
men **gjennomsnittet** over mange tilfeldige veier er nøyaktig antall veier (et
*forventningsrett* anslag), og spredningen i gjetningene forteller hvor langt unna
gjennomsnittet kan være.
""",
    "c59b57a9c4": predict(
        "Den eksakte perft(4) er 1 531 656. Hvor mange prosent vil gjennomsnittet av 10 000 "
        "tilfeldige veier bomme med?"
    ),
    "d2bc5c81b3": """
Innenfor en brøkdel av en prosent.

De samme forsøkene anslår hver dybde, og produktene på
*slutten* av hvert parti anslår antall hele partier:
""",
    "500c115116": f"""
Kvante-tre på rad har altså omtrent **tjue billioner** (2 × 10¹³) forskjellige partier,
hvis et parti er hele sekvensen av handlinger, kollapsvalg medregnet. Vanlig tre på rad har
255 168.

Goffs artikkel ({GOFF}) gir et grovere tall, «about 9!²» (omtrent 9!²), som et anslag og ikke en telling. Forsøkene ovenfor
teller hver handling, kollapsvalg medregnet, og havner omtrent hundre ganger høyere.
""",
    "ff552e90dc": """
### Oppgave 06-4

Regn ut Goffs tall 9!² (bruk `math.factorial`).
""",
    "553cc61e12": stuck("06-4"),
    "09a64f9685": """
## 4. Minimaks

Minimaks svarer på «hvem vinner hvis begge sider spiller perfekt?» med en enkel rekursjon.
Et ferdig parti er verdt +1 hvis X vant, −1 hvis O vant, 0 ved uavgjort. Ellers velger den
som skal handle, sitt beste barn: X den største verdien, O den minste. (Velgeren i en
kollaps er også «den som skal handle».) Fordi stillinger ikke kan endres og kan hashes,
husker `cache` hver stilling som allerede er løst: en stilling som nås igjen gjennom en
annen trekkrekkefølge, slås opp og søkes ikke gjennom på nytt.
""",
    "7eb5e5ff7f": "Prøv den på nøtt 2 i notatbok 05 (X skal gjøre trekk 7). Fra trekk 7 er treet lite.",
    "a9b0dffb9f": """
Omtrent 1400 stillinger løst, og mer enn halvparten av stillingene søket møtte, lå allerede
i hurtigminnet (cachen). Fra det tomme brettet måtte denne enkle minimaksen ha besøkt en
stor del av 10¹³ partier: håpløst. Løseren i opplegget (`qttt_edu.solver`) legger til fire
ideer, beskrevet i modulens docstring:

- **beskjæring:** så snart ett vinnende trekk er funnet, trenger de andre ikke søkes
  gjennom (den stiller ja/nei-spørsmål som «kan X tvinge fram minst uavgjort?»);
- **en transposisjonstabell** som hurtigminnet ovenfor, med kompakte nøkler;
- **symmetri:** alle de symmetriske bildene av en stilling deler én plass i tabellen;
- **trekkrekkefølge:** trekk som lukker en syklus, først, fordi kollapsene deres ofte
  avslutter partiet med en gang.

Den er enig med vår minimaks:
""",
    "963713f8fb": """
## 5. Betyr poengregelen noe?

Notatbok 04 viste tre måter å gi poeng for et parti på. De er bare uenige når én kollaps
gir begge spillerne en linje:

- **seed**, på skjermen *første linje* (regelen i opplegget): den tidligste linjen vinner. Verdiene +1, 0, −1.
- **complete**, på skjermen *dobbel = uavgjort*: en slik kollaps er uavgjort.
- **goff**, på skjermen *Goff-poeng*: Goffs poeng (1 og 1/2), som Xs poeng minus Os: 1, 1/2, 0, −1/2, −1.

Her er en stilling etter tre trekk, begynnelsen på en rekke med perfekt spill fra det tomme
brettet etter regelen i opplegget. O skal gjøre trekk 4.
""",
    "f60e45beea": predict("Gir de tre poengreglene samme verdi her?"),
    "8db7876050": """
Etter regelen i opplegget vinner X; hvis samtidige linjer var uavgjort, kunne O holde
uavgjort; og med Goffs poeng vinner X med et halvt poeng. Os beste forsvar her *er* altså
en samtidig linje: O kan ikke stoppe Xs linje, men kan fullføre en egen linje i den samme
kollapsen, bare senere. Poengregelen avgjør hvem som vinner et perfekt spilt parti.

## 6. Perfekt spill fra det tomme brettet

Å løse det tomme brettet tar løseren i opplegget ett til to minutter per poengregel på en
bærbar datamaskin, for lenge for en skoletime, så her er resultatene som lagrede tall.
Hvem som helst kan gjenskape dem (kommandoen nedenfor skriver ut verdien, en hovedvariant
og antall noder):

```
python -c "from qttt_edu import Position; from qttt_edu.solver import solve; print(solve(Position(), 'seed'))"
```

(bytt ut `'seed'` med `'complete'` eller `'goff'` for de andre poengreglene).

| poengregel | verdi med perfekt spill | betydning | et beste første trekk | en rekke med perfekt spill |
|---|---|---|---|---|
| seed | +1 | **X vinner** | `1-9` | `1-9 1-2 1-3 1-2 c1 4-5 4-5 c4 6-7 6-7 c6` |
| complete | 0 | **uavgjort** | `1-2` | `1-2 1-3 1-4 1-5 1-7 1-3 c1 6-9 6-8 6-8 c6` |
| goff | +1/2 | **X vinner med et halvt poeng** | `1-9` | `1-9 1-3 1-3 c1 5-7 5-7 c7 2-8 2-4 2-4 c2` |

Rekkene med perfekt spill er partinotasjoner, så de kan spilles av igjen: hver av dem ender
slik verdien sier (en linje bare for X; et fullt brett; Xs linje først og Os senere i den
samme kollapsen).
""",
    "fea74ea3a9": """
Hva dette sier:

- **Spilleren som starter, vinner** etter regelen i opplegget: X har en strategi som vinner
  mot ethvert forsvar, så intet forsvar hjelper O. (Matchen mellom tilfeldige spillere i
  notatbok 05 antydet allerede en stor fordel ved å starte.)
- **Os beste forsvar er en samtidig linje.** Med Goffs poeng får O fortsatt 1/2 mot perfekt
  spill, og hvis samtidige linjer telte som uavgjort, ville partiet bli uavgjort. Verdien av
  spillet henger på regelen om den tidligste linjen.
- **Det første trekket betyr enormt mye.** Etter regelen i opplegget finner løserens
  analyse av alle første trekk nøyaktig to som vinner, `1-9` og `3-7`: et par i to
  motsatte hjørner, én av de åtte familiene ovenfor. Alle andre første trekk, også par
  gjennom midten, lar O holde uavgjort. (For å gjenskape det, omtrent fire minutter:
  `analyse(Position(), "seed")`.)

Løserens svar for stillingen ovenfor inneholder allerede resten av seed-rekken: etter de tre
første trekkene fortsetter perfekt spill slik (det harde arbeidet skjer nær roten, og
derfor tar det bare et sekund tre trekk ut i rekken).
""",
    "64eafddfa1": footer(
        NAME,
        [
            "perft(n) teller trekkfølgene n halvtrekk dypt; der tellingen ikke strekker til, anslår Knuths tilfeldige forsøk treet.",
            "Symmetriene til brettet samler Xs første trekk i noen få familier.",
            "Minimaks med hurtigminne løser sene stillinger på et øyeblikk; løseren i opplegget "
            "legger til beskjæring, symmetri og trekkrekkefølge og løser det tomme brettet på "
            "et minutt eller to.",
            "Med perfekt spill vinner X etter regelen i opplegget, spiller uavgjort hvis "
            "samtidige linjer er uavgjort, og vinner med 1/2 poeng med Goffs poeng; bare et "
            "første trekk i to motsatte hjørner vinner, alle andre første trekk gir uavgjort.",
        ],
        "07_metaphor_and_physics",
        "Siste stopp: hva spillet lærer oss om ekte kvantemekanikk, og hva det ikke kan lære "
        "oss.",
    ),
}

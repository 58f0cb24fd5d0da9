"""Norwegian (bokmål) notebook 05, strategy: translations of the English cells by fingerprint."""

from common_nb import ANSWER, GOFF, PROMPT, footer, header, link, predict, stuck

NAME = "05_strategy"

CODE = [
    (
        '# time_limit=None: these games measure who plays better, so none is lost on time',
        '# time_limit=None: disse partiene måler hvem som spiller best, så ingen partier tapes på tid',
    ),
    PROMPT,
    ANSWER,
    ('"yes" or "no"', '"ja" eller "nei"'),
    ('"X", "O" or "draw"', '"X", "O" eller "uavgjort"'),
    ('"50 %" or 0.5', '"50 %" eller 0.5'),
    ('"X\'s legal moves:"', '"Xs lovlige trekk:"'),
    ('or "(none)"', 'or "(ingen)"'),
    ('"classical marks:"', '"klassiske merker:"'),
    ('{1: "X", 0: "draw", -1: "O"}', '{1: "X", 0: "uavgjort", -1: "O"}'),
    ('"value for X:"', '"verdi for X:"'),
    ('"  perfect play goes on:"', '"  perfekt spill fortsetter:"'),
    (
        'print("X wins", match.x_wins, " O wins", match.o_wins, " draws", match.draws)',
        'print("X vinner", match.x_wins, " O vinner", match.o_wins, " uavgjort", match.draws)',
    ),
    (
        '"""A 95 % confidence interval for a chance seen `count` times in `games` games."""',
        '"""Et 95 %-konfidensintervall for en sjanse sett `count` ganger i `games` partier."""',
    ),
    ("(95 % interval", "(95 %-intervall"),
    ("{percent(max(share - margin, 0))} to {percent(min", "{percent(max(share - margin, 0))} til {percent(min"),
    ('print("X wins", interval', 'print("X vinner", interval'),
    ('print("O wins", interval', 'print("O vinner", interval'),
    ('(X) vs {o.name:<9} (O): heuristic wins"', '(X) mot {o.name:<9} (O): tommelfingerreglene vinner"'),
    (
        'print(f"{x.name} (X) vs {o.name} (O): {game.outcome.result:>4}   {game.record()}")',
        'print(f"{x.name} (X) mot {o.name} (O): '
        "{game.outcome.result.replace('draw', 'uavgjort'):>8}   {game.record()}\")",
    ),
    (
        '"""Take an action that wins at once if there is one; otherwise play at random."""',
        '"""Ta en handling som vinner med en gang hvis det finnes en; ellers spill tilfeldig."""',
    ),
    ("# puzzle 1: does it find the win?", "# nøtt 1: finner den seieren?"),
    ('"""My strategy: ... (describe it here)."""', '"""Min strategi: ... (beskriv den her)."""'),
    ("# ← replace with your own ideas", "# ← erstatt med dine egne ideer"),
    (
        '"""Turn a function position -> action into a player for play_match."""',
        '"""Gjør en funksjon stilling -> handling om til en spiller for play_match."""',
    ),
    # The tournament table names the players in Norwegian.
    ('"random": RandomPlayer()', '"tilfeldig": RandomPlayer()'),
    ('"heuristic": HeuristicPlayer()', '"tommelfingerregler": HeuristicPlayer()'),
    ('"greedy": FunctionPlayer(greedy_player, "greedy")', '"grådig": FunctionPlayer(greedy_player, "grådig")'),
    ('"mine": FunctionPlayer(my_player, "mine")', '"min": FunctionPlayer(my_player, "min")'),
    ('{name:10} {number(score, 1):>5}', '{name:18} {number(score, 1):>5}'),
    (
        "# per pairing and colour; more games give fairer results",
        "# per par av spillere og per farge; flere partier gir et riktigere resultat",
    ),
    ('{number(score, 1):>5} points")', '{number(score, 1):>5} poeng")'),
]

MARKDOWN = {
    "d5f6ad4385": header(
        NAME,
        [
            "spille mot datamaskinen på tre nivåer og beskrive hvordan spilleren med "
            "tommelfingerregler bestemmer seg;",
            "se når det å lukke en syklus gir motstanderen et vinnende valg;",
            "løse nøtter: en vinnende kollaps, og trekk som taper med en gang;",
            "si hvor sikkert et resultat fra mange partier er (et 95 %-konfidensintervall);",
            "skrive din egen spiller som en Python-funksjon og melde den på i en klasseturnering.",
        ],
        f"notatbok [03]({link('03_measurement_and_collapse')}) og "
        f"[04]({link('04_winning_and_scoring')}) (kollapser, linjer). Til den siste delen: "
        "litt Python (en funksjon, en `if`, en `for`).",
        "omtrent 80 minutter, to skoletimer: avsnitt 1–3, så 4–5 med turneringen (oppgavene "
        "medregnet)",
    ),
    "a7dada409d": """
## 1. Tre datamaskinmotstandere

Opplegget har tre datamaskinspillere:

- **tilfeldig** (`"random"`) velger en hvilken som helst lovlig handling. Lett å slå, og
  en nyttig målestokk.
- **tommelfingerregler** (`"heuristic"`) følger fire regler som et menneske kan følge for
  hånd (se nedenfor). Den ser bare ett trekk framover.
- **perfekt** (`"perfect"`) spiller en best mulig handling etter den eksakte løseren i
  notatbok 06. Den går aldri glipp av en seier, og når den må tape, gjør den seieren din så
  vanskelig som mulig.

Spill noen partier mot hver av dem. Velg motstander i menyen i appen, eller start appen med
en:
""",
    "06cc195441": """
### Slik bestemmer spilleren med tommelfingerregler seg

I hver tur går den nedover denne listen og stopper ved den første regelen som avgjør:

1. **Velg en kollaps:** ta en rute som gir meg en vinnende linje; ellers unngå en rute som
   får motstanderen til å vinne; ellers bygg linjene mine.
2. **Vinn med en syklus:** lukk en syklus hvis *begge* valgene til motstanderen gir meg en
   vinnende linje.
3. **Ikke gi bort en seier:** hopp over hvert par som lar motstanderen vinne med en gang.
4. **Bygg linjer:** foretrekk ruter på mange linjer som motstanderen ikke har sperret
   (midten ligger på 4 linjer, et hjørne på 3, en kantrute på 2), og tell dobbelt de
   linjene der jeg allerede har klassiske merker.

Den kan forklare seg selv. Her blir den spurt om to mulige første trekk:
""",
    "dceb081900": """
## 2. Den som lukker en syklus, gir bort valget

Den viktigste strategiske ideen i spillet: **spilleren som lukker en syklus, bestemmer ikke
hvordan den kollapser; det gjør motstanderen.** Å lukke en syklus er som å stille
motstanderen et spørsmål med to svar. Er ett av svarene bra for motstanderen, er det det
svaret du får.

Husk Os seier fra notatbok 04: Xs sjuende trekk `8-9` lukket en syklus med O6, og O valgte
kollapsen som fullførte Os kolonne.

### Nøtt 1: en vinnende kollaps

I denne stillingen har Os trekk 6 (`4-7`) lukket en syklus, så X er velgeren.
""",
    "bf1c2f83af": """
### Oppgave 05-1

Hvor bør X legge O6, i rute 4 eller rute 7? Det ene valget vinner med en gang. Følg
kaskaden for hvert av dem på papir (eller med `qttt_edu.graph.cascade`), og svar så med
ruten.
""",
    "04ce129de4": stuck("05-1"),
    "cbf8f3d608": """
### Nøtt 2: trekk som taper med en gang

Her skal X gjøre trekk 7. Noen av Xs par lukker en syklus, og minst ett av dem lar O velge
en kollaps som fullfører en linje for O.
""",
    "f4b3ef9386": """
### Oppgave 05-2

List opp **alle** Xs trekk som taper med en gang (der O etterpå kan velge en kollaps som
fullfører en linje for O). Gi dem som en liste, som `["1-2", "3-4"]`.
""",
    "d29c356c5c": stuck("05-2"),
    "c252d5ff05": "Regel 3 til spilleren med tommelfingerregler fanger nettopp disse trekkene. Spør den:",
    "e9c52ea845": """
Løseren ser lenger enn ett trekk. `analyse` gir verdien av hver lovlige handling med
perfekt spill derfra (sett fra X: +1 X vinner, 0 uavgjort, −1 O vinner):
""",
    "23e412d1c5": predict(
        "Blir alle trekk unntatt dem som taper med en gang, en seier for X med perfekt spill?"
    ),
    "3b05cdb2fa": f"""
Langt ifra. Bare tre trekk vinner for X uansett forsvar (blant dem `4-6`, som spilleren
med tommelfingerregler fant: det lukker en syklus der *begge* kollapsene gir X en linje),
tre gir uavgjort, og ni taper: de to som taper med en gang, og sju til som taper noen trekk
senere. Å se ett trekk framover fanger bare den første sorten.

### Goffs figur 9: vurder en åpning

Goffs artikkel ({GOFF}) viser denne åpningen. O6 lukker en syklus, X velger `c9`, og alle
seks merkene blir klassiske på én gang:
""",
    "3a419fa14f": """
Les resultatet som et vanlig parti i trekkrekkefølge: X i 3, O i 7, X i 5, O i 1, X i 6,
O i 9.
""",
    "d137b6c100": predict(
        "X skal gjøre trekk 7. Hvem vinner herfra med perfekt spill fra begge sider?"
    ),
    "f06d849016": """
Lest som vanlig tre på rad ser trekkene planløse ut: Xs andre merke truer ingenting O må svare
på, og O lar raden 4-5-6 stå åpen. Men ingen valgte de rutene én etter én: én enkelt
kollaps plasserte dem alle, og X valgte den. Goffs poeng: i Kvante-tre på rad vurderes et
trekk etter kollapsene det gjør mulige, ikke etter rutene det ville tatt i det vanlige
spillet.

## 3. Datamaskin mot datamaskin

En *match* er mange partier mellom to spillere. `play_match` spiller dem og teller
resultatene; med et `seed` kan hele matchen spilles av igjen nøyaktig likt.
""",
    "a1c08d6a15": predict(
        "To tilfeldige spillere møtes i 1000 partier. Hvor stor andel av dem vinner X, som "
        "starter?"
    ),
    "9c1a78a30e": """
(En gjetning innenfor 5 prosentpoeng regnes som riktig her.)

### Hvor sikkert er et resultat fra mange partier?

Spill 1000 partier til, så blir Xs andel litt annerledes: en andel fra *n* partier spres
rundt den sanne sjansen *p* med omtrent √(*p*(1 − *p*)/*n*), **standardfeilen**. I 95 % av
forsøkene havner andelen innenfor omtrent to standardfeil fra *p*. Snur vi på det, får vi
et **95 %-konfidensintervall**: området av sjanser som passer med det vi så. Cellen
nedenfor regner det ut; bruk det hver gang en påstand bygger på partier spilt tilfeldig.
""",
    "7496ed8235": """
De to intervallene ligger langt fra hverandre, så fordelen ved å starte er ekte, ikke
flaks: å begynne er en stor fordel, selv for en spiller uten plan. Etter hvert av sine
trekk har X ett merke mer enn O, og det niende trekket tilhører X. Så møter spilleren med
tommelfingerregler den tilfeldige, fra begge sider:
""",
    "8c35a8a8dd": """
Hundre partier per side er nok her: selv de nedre endene av intervallene ligger langt over
det tilfeldig spill oppnår. Å tenke ett trekk framover slår det å ikke ha noen plan, fra
begge sider av brettet.
""",
    "82f4e7cf8b": """
Og den perfekte spilleren mot den med tommelfingerregler. Det tar løseren en stund å løse
spillet fra tomt brett (notatbok 06), så disse partiene starter fra en fast åpning,
`1-5 5-9 1-9 c1`: X1 i midten, X3 i et hjørne, O2 i det motsatte hjørnet. Perfekt spill
derfra gir uavgjort.
""",
    "98896650f2": """
## 4. Din egen spiller

En spiller er bare en funksjon: den får den nåværende **stillingen** (`position`) og gir
tilbake én av `position.legal_actions()`. Det er små heltallskoder: `15` er paret 1-5,
`103` kollapsen til rute 3, og `7` det niende trekket i rute 7; `Action(code)` gjør en
kode om til leddet i partinotasjonen. Den samme funksjonen må takle alle tre
situasjonene: å sette et par, å velge en kollaps og det niende trekket.

Nyttige ting en stilling vet:

| uttrykk | betydning |
|---|---|
| `position.to_act` | `"X"` eller `"O"`: hvem som handler nå (du) |
| `position.legal_actions()` | kodene du kan gi tilbake |
| `position.pending` | `True` når du er velgeren i en kollaps |
| `position.child(code)` | stillingen etter `code` (for å se framover) |
| `position.outcome` | `None`, eller resultatet når partiet er slutt (`.winner`) |
| `position.classical` | `{rute: "X3", ...}` |

Her er en første spiller: den vinner med en gang når den kan, og spiller ellers tilfeldig.
""",
    "b52ff1010e": """
Skriv nå **din egen** spiller i neste celle. Start fra `greedy_player` («den grådige») og
legg til én idé om gangen. Noen ideer:

- ikke lukk en syklus hvis ett av motstanderens to valg gir motstanderen seieren (se to steg
  framover ved å bruke `position.child(...)` to ganger);
- foretrekk midten og hjørnene;
- som velger: foretrekk kollapsen som gir deg flere klassiske merker på åpne linjer.
""",
    "dc9e4175ad": """
### Oppgave 05-3

Lær spilleren din den første ideen ovenfor: **gi aldri motstanderen en seier spilleren
din kunne ha unngått.** Sjekkeren prøver spilleren din i 300 stillinger, med kollapsvalg og niende
trekk: den må alltid gi tilbake en lovlig handling, og når den har et trekk som ikke lar
motstanderen velge en vinnende kollaps, får den ikke spille et som gjør det.
(`greedy_player` klarer ikke dette: den spiller tilfeldig.) Gi **selve funksjonen**
(uten parenteser).
""",
    "36798ab5a5": stuck("05-3"),
    "2d321196fb": """
## 5. Klasseturneringen

Cellen nedenfor gjør funksjoner om til spillere og lar hver spiller møte alle de andre,
både som X og som O. Legg til funksjonene til klassekameratene dine i `entries` (lim først
inn koden deres i en celle ovenfor), kjør cellen og sammenlign tabellene. Poengene er
Goffs: 1 for en seier, 1/2 for den seneste linjen når en kollaps gir begge spillerne
linjer.
""",
    "9592dd245f": """
Hvorfor kan en sterk spiller likevel tape noen partier mot den tilfeldige spilleren? Hvor mange partier
trenger du før du stoler på en rangering? (Prøv `GAMES = 50`.)
""",
    "4cf70ebc74": footer(
        NAME,
        [
            "Den som lukker en syklus, gir motstanderen valget: sjekk begge kollapsene før du "
            "lukker en.",
            "Som velger: sammenlign begge utfallene, for ett av dem kan vinne med en gang.",
            "Spilleren med tommelfingerregler ser ett trekk framover (vinn, ikke gi bort en "
            "seier, bygg linjer); den perfekte spilleren søker helt til slutten.",
            "Å starte betyr noe: sammenlign andelene til X og O med 95 %-intervallene deres før du kaller en fordel ekte.",
            "En andel fra n partier er usikker med omtrent ± 2√(p(1 − p)/n); si hvor sikkert et "
            "simulert resultat er.",
            "En spiller er en funksjon fra en stilling til en lovlig handling; `play_match` "
            "kjører rettferdige turneringer med et `seed`.",
        ],
        "06_solving_the_game",
        "Hvordan vet den perfekte spilleren det? Den søker gjennom hele spilltreet: hvor stort "
        "det treet er, og hva det sier om det første trekket.",
    ),
}

"""Italian notebook 05 (strategy): translations of the English cells, keyed by fingerprint."""

from shared import GOFF
from common_it import binder, link, predict, stuck


CODE = [
    (
        '# time_limit=None: these games measure who plays better, so none is lost on time',
        '# time_limit=None: queste partite misurano chi gioca meglio, quindi nessuna si perde per il tempo',
    ),
    ("# ← your prediction, e.g.", "# ← la tua previsione, ad es."),
    ("# ← replace ... with your answer", "# ← sostituisci ... con la tua risposta"),
    ('"yes" or "no"', '"sì" o "no"'),
    ('"X", "O" or "draw"', '"X", "O" o "patta"'),
    ('"50 %" or 0.5', '"50 %" o 0.5'),
    ('"X\'s legal moves:"', '"mosse consentite di X:"'),
    ('or "(none)"', 'or "(nessuna)"'),
    ('"classical marks:"', '"segni classici:"'),
    ('{1: "X", 0: "draw", -1: "O"}', '{1: "X", 0: "patta", -1: "O"}'),
    ('"value for X:"', '"valore per X:"'),
    ('"  perfect play goes on:"', '"  il gioco perfetto continua con:"'),
    (
        'print("X wins", match.x_wins, " O wins", match.o_wins, " draws", match.draws)',
        'print("vittorie di X:", match.x_wins, "  vittorie di O:", match.o_wins,'
        ' "  patte:", match.draws)',
    ),
    (
        '"""A 95 % confidence interval for a chance seen `count` times in `games` games."""',
        '"""Un intervallo di confidenza al 95 % per un evento visto `count` volte in `games`'
        ' partite."""',
    ),
    (
        'f"{percent(share)} (95 % interval {percent(max(share - margin, 0))} to'
        ' {percent(min(share + margin, 1))})"',
        'f"{percent(share)} (intervallo al 95 %: {percent(max(share - margin, 0))}–'
        '{percent(min(share + margin, 1))})"',
    ),
    ('print("X wins", interval(', 'print("X vince:", interval('),
    ('print("O wins", interval(', 'print("O vince:", interval('),
    (
        '(X) vs {o.name:<9} (O): heuristic wins"',
        "(X) contro {o.name:<9} (O): l'euristico vince:\"",
    ),
    (
        'f"{x.name} (X) vs {o.name} (O): {game.outcome.result:>4}   {game.record()}"',
        "f\"{x.name} (X) contro {o.name} (O): {game.outcome.winner or 'patta':>5}"
        '   {game.record()}"',
    ),
    (
        '"""Take an action that wins at once if there is one; otherwise play at random."""',
        '"""Fai un\'azione che vince subito, se c\'è; altrimenti gioca a caso."""',
    ),
    ("# puzzle 1: does it find the win?", "# rompicapo 1: trova la vittoria?"),
    (
        '"""My strategy: ... (describe it here)."""',
        '"""La mia strategia: ... (descrivila qui)."""',
    ),
    ("# ← replace with your own ideas", "# ← sostituisci con le tue idee"),
    (
        '"""Turn a function position -> action into a player for play_match."""',
        '"""Trasforma una funzione posizione -> azione in un giocatore per play_match."""',
    ),
    ('"random": RandomPlayer()', '"a caso": RandomPlayer()'),
    ('"heuristic": HeuristicPlayer()', '"euristico": HeuristicPlayer()'),
    (
        '"greedy": FunctionPlayer(greedy_player, "greedy")',
        '"avido": FunctionPlayer(greedy_player, "avido")',
    ),
    ('"mine": FunctionPlayer(my_player, "mine")', '"mio": FunctionPlayer(my_player, "mio")'),
    (
        "# per pairing and colour; more games give fairer results",
        "# per ogni coppia e ogni colore; più partite danno risultati più affidabili",
    ),
    ('{number(score, 1):>5} points"', '{number(score, 1):>5} punti"'),
]

MARKDOWN = {
    "d5f6ad4385": f"""
# 05 · Strategia

*Tris quantistico, il percorso dello studente, notebook 05 di 07 (versione italiana).*
[Apri questo notebook su Binder]({binder("05_strategy")}) (funziona nel browser, non serve installare nulla).

**Dopo questo notebook saprai**

- giocare contro il computer a tre livelli e descrivere come decide il giocatore euristico;
- accorgerti quando chiudere un anello regala all'avversario una scelta vincente;
- risolvere posizioni rompicapo: un collasso vincente, e mosse che perdono subito;
- dire quanto è sicuro un risultato ottenuto da molte partite (un intervallo di confidenza al 95 %);
- scrivere il tuo giocatore come funzione Python e iscriverlo a un torneo di classe.

**Prima di cominciare:** i notebook [03]({link("03_measurement_and_collapse")}) e [04]({link("04_winning_and_scoring")}) (collassi, linee). Per l'ultima parte: un po' di Python (una funzione, un `if`, un ciclo for).

**Tempo:** circa 80 minuti, due lezioni: sezioni 1–3, poi 4–5 con il torneo (esercizi compresi).
""",
    "a7dada409d": """
## 1. Tre avversari al computer

Il kit ha tre giocatori al computer:

- **a caso** (`"random"`) sceglie un'azione consentita qualsiasi. Facile da battere, e utile
  come termine di paragone.
- **euristico** (`"heuristic"`) segue quattro regole che una persona può applicare a mano
  (qui sotto). Guarda avanti di una sola mossa.
- **perfetto** (`"perfect"`) gioca una delle azioni migliori secondo il risolutore esatto del
  notebook 06. Non si lascia mai sfuggire una vittoria, e quando deve perdere ti rende la
  vittoria più difficile possibile.

Gioca qualche partita contro ciascuno. Scegli l'avversario nel menu dell'app, oppure avvia
l'app con uno di loro:
""",
    "06cc195441": """
### Come decide il giocatore euristico

A ogni turno scorre questo elenco e si ferma alla prima regola che decide:

1. **Scegliere un collasso:** prendi una casella che mi dà una linea vincente; altrimenti
   evita una casella che fa vincere l'avversario; altrimenti costruisci le mie linee.
2. **Vincere con un anello:** chiudi un anello se *entrambe* le scelte dell'avversario mi
   danno una linea vincente.
3. **Non regalare una vittoria:** scarta ogni coppia dopo la quale l'avversario può vincere
   subito.
4. **Costruire linee:** preferisci le caselle che stanno su molte linee non bloccate
   dall'avversario (il centro sta su 4 linee, un angolo su 3, una casella laterale su 2), contando doppie
   le linee dove ho già segni classici.

Sa spiegare le sue scelte. Qui gli chiediamo che cosa pensa di due possibili prime mosse:
""",
    "dceb081900": """
## 2. Chiudere un anello significa cedere la scelta

L'idea strategica più importante del gioco: **chi chiude un anello non sceglie come
collassa; sceglie l'avversario.** Chiudere un anello è come fare all'avversario una domanda
con due risposte. Se una delle due gli conviene, la darà.

Ricorda la vittoria di O nel notebook 04: la settima mossa di X, `8-9`, ha chiuso un anello
con O6, e O ha scelto il collasso che completava la colonna di O.

### Rompicapo 1: un collasso vincente

In questa posizione la mossa 6 di O (`4-7`) ha chiuso un anello, quindi sceglie X.
""",
    "bf1c2f83af": """
### Esercizio 05-1

Sceglie X: dove deve mettere O6, nella casella 4 o nella casella 7? Una delle due scelte vince
subito. Segui su carta la cascata di ciascuna (oppure con `qttt_edu.graph.cascade`), poi
rispondi con la casella.
""",
    "04ce129de4": stuck("05-1"),
    "cbf8f3d608": """
### Rompicapo 2: mosse che perdono subito

Qui tocca a X fare la mossa 7. Alcune coppie di X chiudono un anello, e almeno una di queste
permette a O di scegliere un collasso che completa una linea di O.
""",
    "f4b3ef9386": """
### Esercizio 05-2

Elenca **tutte** le mosse di X che perdono subito (dopo le quali O può scegliere un collasso
che completa una linea di O). Scrivile come lista, ad es. `["1-2", "3-4"]`.
""",
    "d29c356c5c": stuck("05-2"),
    "c252d5ff05": "La regola 3 del giocatore euristico scarta proprio queste mosse. Chiediglielo:",
    "e9c52ea845": """
Il risolutore vede più lontano di una mossa. `analyse` dà il valore di ogni azione consentita
se da lì in poi si gioca in modo perfetto (dal punto di vista di X: +1 vince X, 0 patta,
−1 vince O):
""",
    "23e412d1c5": predict(
        "Tutte le mosse tranne quelle che perdono subito saranno vincenti per X con il gioco "
        "perfetto?"
    ),
    "3b05cdb2fa": f"""
Tutt'altro. Solo tre mosse vincono per X contro qualsiasi difesa (tra queste `4-6`, che il
giocatore euristico ha trovato: chiude un anello i cui due collassi danno *entrambi* una
linea a X), tre portano alla patta, e nove perdono: le due che perdono subito, e altre sette
che perdono qualche mossa dopo. Guardare avanti di una mossa scopre solo il primo tipo.

### La Fig. 9 di Goff: giudicare un'apertura

L'articolo di Goff ({GOFF}) mostra questa apertura. O6 chiude un anello, X sceglie `c9`, e
tutti e sei i segni diventano classici in un colpo solo:
""",
    "3a419fa14f": """
Leggi il risultato come una partita normale, nell'ordine delle mosse: X in 3, O in 7, X in 5,
O in 1, X in 6, O in 9.
""",
    "d137b6c100": predict(
        "Tocca a X fare la mossa 7. Se entrambi giocano in modo perfetto, chi vince da qui?"
    ),
    "f06d849016": """
Come gioco classico le mosse sembrano senza senso: il secondo segno di X non minaccia niente
a cui O debba rispondere, e O lascia aperta la riga 4-5-6. Ma nessuno ha scelto quelle
caselle una per una: le ha sistemate tutte un solo collasso, e l'ha scelto X. Il punto di
Goff: nel tris quantistico una mossa si giudica dai collassi che rende possibili, non dalle
caselle che occuperebbe nel gioco normale.

## 3. Computer contro computer

Un *incontro* è una serie di molte partite tra due giocatori. `play_match` le gioca e conta
i risultati; con un `seed` l'intero incontro si può rigiocare identico.
""",
    "a1c08d6a15": predict(
        "Due giocatori a caso si affrontano per 1000 partite. Quale frazione ne vincerà X, che "
        "muove per primo?"
    ),
    "9c1a78a30e": """
(Qui una previsione entro 5 punti percentuali conta come giusta.)

### Quanto è sicuro un risultato ottenuto da molte partite?

Gioca altre 1000 partite e la frazione di X viene un po' diversa: una frazione ottenuta da
*n* partite si scosta dalla vera probabilità *p* di circa √(*p*(1 − *p*)/*n*),
l'**errore standard**. Nel 95 % dei casi la frazione cade entro circa due errori standard da
*p*. Rovesciando il ragionamento si ottiene un **intervallo di confidenza al 95 %**: l'insieme delle
probabilità compatibili con quello che abbiamo visto. La cella qui sotto lo calcola; usalo
ogni volta che un'affermazione si basa su partite giocate a caso.
""",
    "7496ed8235": """
I due intervalli sono molto lontani, quindi il vantaggio della prima mossa è reale, non
fortuna: muovere per primi è un grande vantaggio, anche per un giocatore senza un piano. Dopo
ogni sua mossa X ha un segno in più di O, e la nona mossa spetta a X. Ora il giocatore
euristico contro quello a caso, da entrambe le parti:
""",
    "8c35a8a8dd": """
Cento partite per parte qui bastano: anche gli estremi inferiori degli intervalli sono molto
al di sopra di quello che ottiene chi gioca a caso. Guardare avanti di una mossa è meglio che
non avere nessun piano, da qualunque parte del tabellone.
""",
    "82f4e7cf8b": """
E ora il giocatore perfetto contro quello euristico. Risolvere a partire dal tabellone vuoto
richiede un po' di tempo al risolutore (notebook 06), quindi queste partite partono da
un'apertura fissa, `1-5 5-9 1-9 c1`: X1 al centro, X3 in un angolo, O2 nell'angolo opposto.
Da lì il gioco perfetto porta alla patta.
""",
    "98896650f2": """
## 4. Il tuo giocatore

Un giocatore è solo una funzione: riceve la **posizione** attuale e restituisce uno dei
valori di `position.legal_actions()`. Sono piccoli codici interi: `15` è la coppia 1-5, `103`
il collasso nella casella 3, e `7` la nona mossa nella casella 7; `Action(code)` trasforma
un codice nel suo elemento di trascrizione. La stessa funzione deve gestire tutte e tre le
situazioni: mettere una coppia, scegliere un collasso e la nona mossa.

Cose utili che una posizione sa:

| espressione | significato |
|---|---|
| `position.to_act` | `"X"` o `"O"`: a chi tocca ora (a te) |
| `position.legal_actions()` | i codici che puoi restituire |
| `position.pending` | `True` quando tocca a te scegliere un collasso |
| `position.child(code)` | la posizione dopo `code` (per guardare avanti) |
| `position.outcome` | `None`, oppure il risultato quando la partita è finita (`.winner`) |
| `position.classical` | `{casella: "X3", ...}` |

Ecco un primo giocatore: vince subito quando può, altrimenti gioca a caso.
""",
    "b52ff1010e": """
Ora scrivi il **tuo** giocatore nella cella successiva. Parti da `greedy_player` (il
giocatore "avido") e aggiungi un'idea alla volta. Qualche idea:

- non chiudere un anello se una delle due scelte dell'avversario lo fa vincere (guarda due
  passi avanti usando `position.child(...)` due volte);
- preferisci il centro e gli angoli;
- quando scegli tu, preferisci il collasso che ti dà più segni classici su linee aperte.
""",
    "dc9e4175ad": """
### Esercizio 05-3

Insegna al tuo giocatore la prima idea qui sopra: **non regalare mai all'avversario una
vittoria che si poteva evitare.** Il correttore prova il tuo giocatore in 300 posizioni,
tra cui scelte di collasso e none mosse di X: deve sempre restituire un'azione consentita, e
quando ha una mossa che non lascia all'avversario un collasso vincente, non deve giocarne una
che lo lascia. (`greedy_player` non ci riesce: muove a caso.) Passa la **funzione stessa**
(senza parentesi).
""",
    "36798ab5a5": stuck("05-3"),
    "2d321196fb": """
## 5. Il torneo di classe

La cella qui sotto trasforma le funzioni in giocatori e fa incontrare ogni giocatore con
tutti gli altri, come X e come O. Aggiungi a `entries` le funzioni dei tuoi compagni (prima
incolla il loro codice in una cella qui sopra), eseguila e confrontate le classifiche. Il
punteggio è quello di Goff: 1 per una vittoria, 1/2 per la linea completata dopo quando un
collasso dà una linea a entrambi i giocatori.
""",
    "9592dd245f": """
Perché un giocatore forte potrebbe comunque perdere qualche partita contro quello a caso?
Quante partite servono prima di fidarsi di una classifica? (Prova `GAMES = 50`.)
""",
    "4cf70ebc74": f"""
## Riassunto

- Chiudere un anello dà la scelta all'avversario: controlla entrambi i collassi prima di chiuderne uno.
- Quando scegli tu, confronta i due risultati: uno dei due può vincere subito.
- Il giocatore euristico guarda avanti di una mossa (vinci, non regalare una vittoria, costruisci linee); il giocatore perfetto cerca fino alla fine.
- Muovere per primi conta: confronta le frazioni di X e di O con i loro intervalli al 95 % prima di dire che un vantaggio è reale.
- Una frazione ottenuta da n partite è incerta di circa ± 2√(p(1 − p)/n); di' sempre quanto è sicuro un risultato simulato.
- Un giocatore è una funzione da una posizione a un'azione consentita; `play_match` organizza tornei equi con un `seed`.

## E adesso

Prosegui con **[06 · Risolvere il gioco]({link("06_solving_the_game")})**. Come fa il giocatore perfetto a sapere? Esplora l'intero albero del gioco: quanto è grande quell'albero, e che cosa dice della prima mossa.
""",
}

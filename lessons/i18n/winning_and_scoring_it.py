"""Italian notebook 04 (winning and scoring): translations of the English cells, keyed by fingerprint."""

from shared import GOFF
from common_it import G, binder, link, predict, stuck


CODE = [
    ("# the only legal move", "# l'unica mossa consentita"),
    ("# ← your prediction, e.g.", "# ← la tua previsione, ad es."),
    ("# ← replace ... with your answer", "# ← sostituisci ... con la tua risposta"),
    ('"yes" or "no"', '"sì" o "no"'),
    ('"X" or "O"', '"X" o "O"'),
    # A yes/no answer is printed as a word of the language, never as Python's False.
    (
        'print("game over:", rows.is_over)',
        'print("partita finita:", "sì" if rows.is_over else "no")',
    ),
    ('"classical marks:"', '"segni classici:"'),
    ('print("winner:",', 'print("vince:",'),
    (
        'print(line.player, "line", line.squares, "completed by move", line.highest)',
        'print(f"linea di {line.player} {line.squares}, completata dalla mossa {line.highest}")',
    ),
    ("# take back the collapse c9", "# annulla il collasso c9"),
    ("# O puts X7 in square 8 instead", "# O mette invece X7 nella casella 8"),
    # No outcome yet is None in Python: say it in words.
    (
        'print("outcome:", other.outcome)',
        'print("risultato:", other.outcome or "nessuno, la partita continua")',
    ),
    (
        'print(line.player, "line", line.squares, "highest move", line.highest)',
        'print(f"linea di {line.player} {line.squares}, numero di mossa più alto {line.highest}")',
    ),
    ('"example 4:"', '"esempio 4:"'),
    ('"O\'s column game:"', '"partita della colonna di O:"'),
    ('complete = "draw" if', 'complete = "patta" if'),
    ('"O\'s column": o_wins', '"colonna di O": o_wins'),
    ('"another": Game', '"un\'altra": Game'),
    ('"example 4": example4', '"esempio 4": example4'),
    ("{'game':12}", "{'partita':12}"),
    ('"legal:"', '"mosse consentite:"'),
    ('"wins with"', '"vince con"'),
    ("# codes 1-9 are the classical ninth move", "# i codici 1-9 sono la nona mossa classica"),
    (
        '"single-square moves seen at move numbers:"',
        '"mosse su una sola casella, ai numeri di mossa:"',
    ),
    (
        'print("games ended by the ninth move:", ended_by_ninth > 0)',
        'print("partite finite con la nona mossa:", "sì" if ended_by_ninth > 0 else "no")',
    ),
]

MARKDOWN = {
    "9273eb923d": f"""
# 04 · Vittoria e punteggio

*Tris quantistico, il percorso dello studente, notebook 04 di 07 (versione italiana).*
[Apri questo notebook su Binder]({binder("04_winning_and_scoring")}) (funziona nel browser, non serve installare nulla).

**Dopo questo notebook saprai**

- decidere chi ha vinto in una posizione, contando solo i segni classici;
- applicare la regola della linea completata per prima quando un collasso dà una linea a entrambi i giocatori;
- calcolare i punti pubblicati da Goff e dire in che cosa differiscono dal risultato unico del kit;
- riconoscere la nona mossa di X e spiegare perché può capitare solo alla mossa 9.

**Prima di cominciare:** il notebook [03 · Misura e collasso]({link("03_measurement_and_collapse")}) (che cosa fa un collasso). Di Python basta saper eseguire le celle.

**Tempo:** circa 60 minuti (esercizi compresi), 10 dei quali per la partita che giochi nella sezione 7. Se manca il tempo, gioca quella partita (esercizio 04-4) a casa o all'inizio della lezione successiva.
""",
    "6df7bcdb2d": """
## Preparazione

Esegui la cella qui sotto (cliccaci sopra, poi premi **Shift+Invio**). Carica il motore delle
regole e il correttore degli esercizi. Un `Game` costruito da una *trascrizione* come
`"1-2 1-2 c1"` si disegna da solo quando è l'ultima riga di una cella.
""",
    "ed1013f1d3": f"""
## 1. Contano solo i segni classici

Nella posizione qui sotto X ha giocato tre mosse, `4-7`, `5-8` e `6-9`: c'è un
[segno spettrale]({G}#spooky-mark) di X in ogni casella della riga centrale *e* della riga
in basso.
""",
    "8f758572ec": predict("X ha vinto: la partita è finita?"),
    "f13e4fdb56": f"""
Una linea è una riga, una colonna o una diagonale le cui tre caselle contengono
[segni classici]({G}#classical-mark) dello stesso giocatore. Un segno spettrale non è ancora
da nessuna parte con certezza, quindi i segni spettrali non fanno mai linea, per quanti ce ne
siano in fila. Ancora niente è classico, quindi nessuno ha una linea. I segni di X potrebbero
finire tutti nella riga in basso, o tutti in quella centrale, o divisi tra le due: il gioco non
può saperlo finché i segni non collassano. La partita finisce solo quando un collasso lascia
almeno una linea, o quando tutte e nove le caselle sono classiche.

## 2. Una linea, e la fine della partita

Ecco una partita breve. La settima mossa di X, `8-9`, cade sulle stesse due caselle di O6 e
chiude un anello. Sceglie O, che mette X7 nella casella 9, e l'intero gruppo collassa.
""",
    "289c352e65": """
L'`outcome` della partita dice chi ha vinto e con quale linea. Ogni linea porta il suo
**numero di mossa più alto**: la mossa che l'ha completata.
""",
    "06a026063c": """
O aveva una scelta, e ha scelto bene. Annulla il collasso e fai scegliere a O l'altra casella
per X7:
""",
    "655444c71a": """
Con X7 nella casella 8, O6 viene spinto nella 9 e nessuno ha una linea: la partita continua.
Chiudendo un anello, X ha dato la scelta a O, e O l'ha usata per completare la colonna 2-5-8.
Il notebook 05 insegna a vedere queste trappole prima di caderci.

## 3. Quando un collasso dà una linea a *entrambi* i giocatori

Un collasso sistema molti segni in una volta, quindi può completare una linea di X e una di O
nello stesso istante. Quale conta? La regola che segue il kit:

> Per ogni linea prendi il numero di mossa più alto che contiene. Vince il giocatore la cui
> linea ha il numero più basso (è stata completata prima).

I numeri di mossa di X sono dispari e quelli di O pari, quindi non si può mai avere un
pareggio. Ecco l'esempio svolto 4 delle regole del kit:
""",
    "aeb090cd67": predict(
        "Su questo tabellone entrambi i giocatori hanno una linea. Trovale, e per ciascuna il "
        "numero di mossa più alto. Chi vince?"
    ),
    "804c7a5824": """
La riga 7-8-9 di O era completa con O8; la riga 1-2-3 di X ha bisogno di X9, che è venuto
dopo. Quindi vince O, anche se la linea di X è stata completata dallo stesso collasso. Le linee
sono elencate dalla prima completata, quindi `outcome.lines[0]` è sempre la linea vincente.
""",
    "84419a9b87": """
### Esercizio 04-1

Questa partita finisce con un collasso che dà una linea a entrambi i
giocatori: `1-2 6-9 4-5 8-9 7-9 2-7 4-6 5-8 c5`. Costruisci la partita nella cella
successiva, guarda il tabellone e decidi **chi vince** (`"X"`, `"O"` o `"patta"`) senza
stampare il risultato. Poi controlla.
""",
    "02cc335120": stuck("04-1"),
    "9bb83073b1": f"""
## 4. I punti pubblicati da Goff

L'articolo di Goff ({GOFF}) assegna a una partita dei punti invece di un risultato unico:

| che cosa è successo | vincitore | l'altro giocatore |
|---|---|---|
| un giocatore completa una linea | 1 | 0 |
| un collasso dà una linea a entrambi i giocatori | 1 per la linea completata prima | 1/2 per quella completata dopo |
| patta (tabellone pieno, nessuna linea) | 0 | 0 |

Due linee dello stesso giocatore valgono comunque 1 (l'articolo ipotizza 1½ o 2 punti per una
linea doppia; il kit non li assegna). Il kit usa di base il risultato unico (vittoria,
sconfitta o patta); i punti di Goff ci sono per la lezione e per il risolutore del notebook
06. `outcome.scores` li dà.
""",
    "61926c0fbf": """
### Esercizio 04-2

Quali sono i punti di Goff per **la partita dell'esercizio 04-1**? Rispondi con un dizionario come
`{"X": 1, "O": 0}` oppure con due numeri, prima quello di X.
""",
    "40edbaf327": stuck("04-2"),
    "180e76f08c": """
### Tre modi di assegnare i punti alle stesse partite

Il risolutore del notebook 06 conosce tre modi di contare il risultato. Sono d'accordo su ogni
partita tranne quelle in cui un collasso dà una linea a entrambi i giocatori:

- **seed**, sullo schermo *prima linea* (quello di base del kit, dalla pagina delle regole del gioco): vince la linea completata prima; un risultato unico;
- **complete**, sullo schermo *doppia = patta*: un collasso che dà una linea a entrambi i giocatori conta come patta;
- **goff**, sullo schermo *punti di Goff*: i punti di Goff, 1 e 1/2.

La cella qui sotto mette a confronto le partite di questo notebook.
""",
    "be56388815": """
## 5. Due linee per un giocatore

Una sola mossa può completare due linee dello stesso giocatore. È comunque una sola vittoria
e, nel punteggio di Goff, un punto. In questa partita l'ultimo segno di X finisce al centro:
""",
    "a8018d7750": """
## 6. La nona mossa

Guarda l'ultimo elemento di quella trascrizione: un `5` da solo, non una coppia. Dopo il
collasso della mossa 8 di O restava libera solo la casella 5. Una coppia di segni spettrali ha
bisogno di due caselle libere, quindi la nona mossa di X è un solo, normale segno classico.

Ecco un'altra partita dopo la mossa 8 (la trascrizione si ferma prima dell'ultima mossa
di X):
""",
    "490274f17c": """
### Esercizio 04-3

Dove va la nona mossa di X in questa partita? Rispondi con il numero della casella.
""",
    "f39ec638af": stuck("04-3"),
    "5e15841264": "Ora fai elencare al motore le mosse consentite e gioca la nona mossa.",
    "23c6179825": """
### Perché solo alla mossa 9?

Contiamo. Prima della mossa *n* sono stati fatti *n* − 1 segni, e ognuno di quelli classici
riempie una casella. Quindi le caselle libere sono 9 − (segni classici) = 10 − *n* + (segni
spettrali), cioè almeno 10 − *n*. Una sola casella libera richiede 10 − *n* ≤ 1: la mossa 9,
senza più segni spettrali.

E se alla mossa 9 le caselle libere sono due o più? Allora *s* segni spettrali stanno su
*s* + 1 caselle libere. Formano una foresta (ogni anello è collassato), e una foresta con un
lato in meno delle sue caselle è un unico albero che le unisce tutte. Quindi qualsiasi coppia
metta X unisce due caselle già collegate: chiude un anello, e la scelta di O riempie il
tabellone.

Invece di fidarti del ragionamento, mettilo alla prova: gioca molte partite a caso e annota
i numeri di mossa ai quali il motore ha offerto una mossa su una sola casella.
""",
    "4f543c35b4": predict(
        "Su 2000 partite a caso, a quali numeri di mossa comparirà una mossa su una sola casella?"
    ),
    "c5c147a758": """
2000 partite non possono dimostrare una regola, ma il ragionamento qui sopra sì; le partite lo
mettono alla prova. Se una mossa su una sola casella fosse mai comparsa prima della mossa 9, il
ragionamento sarebbe sbagliato.

## 7. Una partita tutta tua

Ora gioca una partita intera, fino alla fine, contro un compagno o contro il computer (scegli
l'avversario nel menu dell'app). Prima di ogni mossa chiediti se chiude un anello e chi
sceglierà.
""",
    "69c7f9e3a3": """
### Esercizio 04-4

Dai al correttore la trascrizione **della partita che hai appena giocato**, finita (una linea,
o il tabellone pieno). La prima riga della cella la legge dall'app; se hai giocato su carta,
scrivi invece la tua trascrizione. Il correttore la rigioca con il motore delle regole. Poi di'
chi ha vinto, con quale linea e quale mossa l'ha completata, e controlla con
`Game.from_record(answer).outcome`.
""",
    "31a527f5f8": stuck("04-4"),
    "420c74a058": f"""
## Riassunto

- Solo i segni classici fanno linea; segni spettrali in fila non significano ancora niente.
- La partita finisce quando un collasso lascia una linea, o quando il tabellone è pieno di segni classici (patta se non c'è nessuna linea).
- Se un collasso dà una linea a entrambi i giocatori, vince la linea con il numero di mossa più alto più basso (la regola del kit).
- I punti di Goff: 1 per una linea; 1 e 1/2 quando un collasso dà una linea a entrambi i giocatori; 0 a testa per una patta.
- La nona mossa di X è un solo segno classico quando resta libera una sola casella, e questo può capitare solo alla mossa 9.

## E adesso

Prosegui con **[05 · Strategia]({link("05_strategy")})**. Usa quello che ora sai per giocare bene: i giocatori del computer, le trappole e un torneo per il tuo giocatore.
""",
}

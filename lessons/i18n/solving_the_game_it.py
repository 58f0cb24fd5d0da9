"""Italian notebook 06 (solving the game): translations of the English cells, keyed by fingerprint."""

from shared import GOFF
from common_it import binder, link, predict, stuck


CODE = [
    ("# ← your prediction, e.g.", "# ← la tua previsione, ad es."),
    ("# ← replace ... with your answer", "# ← sostituisci ... con la tua risposta"),
    ('"yes" or "no"', '"sì" o "no"'),
    (
        '"""The number of sequences of `depth` legal actions from `position`."""',
        '"""Il numero di sequenze di `depth` azioni consentite a partire da `position`."""',
    ),
    # Italian writes 1 531 656, never 1,531,656 (a comma is the decimal sign).
    (
        'print(f"perft({depth}) = {number(perft(Position(), depth)):>11}")',
        'print(f"perft({depth}) = {number(perft(Position(), depth)):>11}")',
    ),
    ('"kinds of first move:"', '"tipi di prima mossa:"'),
    (
        "{members[0]:4} and {len(members) - 1} more like it:",
        "{members[0]:4} e le mosse simmetriche ({len(members) - 1}):",
    ),
    (
        '"""One random playout: the running product of branch counts at every depth."""',
        '"""Una partita a caso: il prodotto dei numeri di rami, profondità per profondità."""',
    ),
    (
        '"""Knuth\'s estimate of perft(depth): paths that end earlier count 0."""',
        '"""La stima di Knuth di perft(depth): i percorsi che finiscono prima contano 0."""',
    ),
    ('"10 %"', '"10 %"'),
    (
        'print(f"estimate of perft(4): {number(estimate(4), 0)}   exact: {number(exact)}   off by {percent(off, 2)}")',
        'print(f"stima di perft(4): {number(estimate(4), 0)}   valore esatto: {number(exact)}"'
        ' + f"   scarto: {percent(off, 2)}")',
    ),
    (
        'f"depth {depth:2}: about {number(estimate(depth), significant=2)} sequences"',
        'f"profondità {depth:2}: circa {number(estimate(depth), significant=2)} sequenze"',
    ),
    (
        'f"complete games: about {number(mean, significant=2)} (± {percent(error / mean)} standard error)"',
        'f"partite complete: circa {number(mean, significant=2)} (errore standard ± {percent(error / mean)})"',
    ),
    ("# e.g. math.factorial(...) ** 2", "# ad es. math.factorial(...) ** 2"),
    (
        '"""+1 if X wins with perfect play from here, -1 if O does, 0 for a draw."""',
        '"""+1 se da qui X vince con il gioco perfetto, -1 se vince O, 0 per la patta."""',
    ),
    ('print("value for X:",', 'print("valore per X:",'),
    # CacheInfo(..., maxsize=None, ...) would show Python's None: print its two numbers in words.
    (
        "print(minimax.cache_info())",
        "info = minimax.cache_info()\n"
        'print("posizioni risolte:", info.currsize, "  ritrovate nella cache:", info.hits)',
    ),
    ('print("solver:",', 'print("risolutore:",'),
    ('f"{scoring_name(scoring):9} value {number(result.value, sign=True)}"', 'f"{scoring_name(scoring):24} valore {number(result.value, sign=True)}"'),
    ('or "none"', 'or "nessuna"'),
    (
        'f"{scoring_name(scoring):9} result {end.result:>4}   lines: {lines}   Goff\'s points X {number(end.scores[\'X\'])} / O {number(end.scores[\'O\'])}"',
        "f\"{scoring_name(scoring):24} risultato {end.winner or 'patta':>5}   linee: {lines}"
        '   punti di Goff X {number(end.scores[\'X\'])} / O {number(end.scores[\'O\'])}"',
    ),
    (
        'print("value:", line.value, "  positions searched:"',
        'print("valore:", line.value, "  posizioni esaminate:"',
    ),
    ('print("perfect play goes on:",', 'print("il gioco perfetto continua con:",'),
]

MARKDOWN = {
    "51b3c8c6fc": f"""
# 06 · Risolvere il gioco

*Tris quantistico, il percorso dello studente, notebook 06 di 07 (versione italiana).*
[Apri questo notebook su Binder]({binder("06_solving_the_game")}) (funziona nel browser, non serve installare nulla).

**Dopo questo notebook saprai**

- contare esattamente l'albero del gioco dove un computer ci riesce, e stimarlo dove non ci riesce, dicendo come;
- usare le simmetrie del tabellone per ridurre il lavoro;
- spiegare il minimax e far girare un tuo piccolo risolutore sulle posizioni di fine partita;
- dire che cosa dà il gioco perfetto con ciascun modo di contare il risultato, e che cosa dice della prima mossa.

**Prima di cominciare:** i notebook [04]({link("04_winning_and_scoring")}) (modi di contare il risultato) e [05]({link("05_strategy")}) (giocatori). Python: funzioni e ricorsione aiutano, ma puoi eseguire tutto così com'è.

**Tempo:** circa 45 minuti (esercizi compresi); se manca il tempo, leggi a casa la sezione 6.
""",
    "e89ba3228b": """
## 1. Quanto è grande il gioco?

Un *albero del gioco* parte dal tabellone vuoto; ogni azione consentita (una coppia, una
scelta di collasso, la nona mossa) è un ramo. I programmatori di scacchi lo contano con
**perft**: il numero di sequenze di azioni diverse di una data lunghezza. Prevedi i primi
due livelli.
""",
    "68ed83913b": """
### Esercizio 06-1

Quante prime mosse diverse ha X?
""",
    "7de80930ef": stuck("06-1"),
    "f900af3d8e": """
### Esercizio 06-2

Quante sequenze diverse di **due** azioni ci sono (la prima mossa di X, poi quella di O)?
""",
    "ae39ae7994": stuck("06-2"),
    "28709bf3c2": """
Ora contiamo. Per l'ultimo livello non serve giocare le mosse: in ogni posizione, il numero
di sequenze lunghe un passo in più è semplicemente il numero di azioni consentite, quindi il
livello più profondo si conta *sommando i numeri di rami* (il "conteggio in blocco").
""",
    "e1ebe1a77f": """
La profondità 3 non è semplicemente perft(1)³: se la prima mossa di O usa le due caselle di X,
chiude un anello e la terza azione è la scelta di collasso di X (2 rami, non perft(1)). Gli stessi
quattro numeri sono fissati nei test del kit e lì confermati da un simulatore indipendente e
a mano.
""",
    "bfda125351": """
## 2. Simmetria

Ruotare il tabellone o ribaltarlo non cambia chi sta vincendo. A un risolutore basta esaminare
una sola posizione per ogni famiglia di posizioni simmetriche.
""",
    "671ca32446": """
### Esercizio 06-3

Quante simmetrie ha un tabellone quadrato (modi di ruotarlo o ribaltarlo su se stesso,
compreso il non fare niente)?
""",
    "f9a8eabf22": stuck("06-3"),
    "77acd8b462": """
`symmetries()` le elenca come corrispondenze tra caselle (`sym[s]` è dove va la casella
`s`). Raggruppa le prime mosse di X in famiglie di mosse simmetriche:
""",
    "9c63745d09": """
## 3. Stimare quello che non possiamo contare

Ogni livello dell'albero è circa 30 volte più grande del precedente, quindi la profondità 5
ha circa 50 milioni di sequenze. Contarle una per una in Python richiederebbe minuti, e
l'intero gioco molto di più, anche con la simmetria. È il momento di stimare.

Il trucco di Donald Knuth (1975): percorri **un solo cammino a caso** lungo l'albero e
moltiplica i numeri di rami che incontri per strada. Se la prima posizione ha *b*₁ rami, la successiva *b*₂, quella dopo *b*₃..., il prodotto *b*₁ × *b*₂ × *b*₃ × ... è una stima del numero di
cammini. Una sola stima è grossolana, ma la sua **media** su molti cammini a caso è
esattamente il numero di cammini (una stima *non distorta*), e la dispersione delle stime
dice quanto la media può essere lontana.
""",
    "c59b57a9c4": predict(
        "Il valore esatto di perft(4) è 1 531 656. Di quanto, in percentuale, se ne discosterà "
        "la media di 10 000 cammini a caso?"
    ),
    "d2bc5c81b3": """
Entro una frazione di punto percentuale.

Gli stessi cammini stimano ogni profondità, e i
prodotti alla *fine* di ogni partita stimano il numero di partite complete:
""",
    "500c115116": f"""
Quindi il tris quantistico ha all'incirca **venti bilioni** (2 × 10¹³, ventimila miliardi) di
partite diverse, se una partita è l'intera sequenza di azioni, scelte di collasso comprese.
Il tris normale ne ha 255 168.

L'articolo di Goff ({GOFF}) dà un numero più approssimativo, "circa 9!²", come stima e non come conteggio. I cammini qui sopra contano ogni azione,
scelte di collasso comprese, e arrivano a circa cento volte di più.
""",
    "ff552e90dc": """
### Esercizio 06-4

Calcola il numero di Goff, 9!² (usa `math.factorial`).
""",
    "553cc61e12": stuck("06-4"),
    "09a64f9685": """
## 4. Minimax

Il minimax risponde alla domanda "chi vince se entrambi giocano in modo perfetto?" con una
semplice ricorsione. Una partita finita vale +1 se ha vinto X, −1 se ha vinto O, 0 per una
patta. Altrimenti il giocatore a cui tocca sceglie la posizione figlia migliore per sé: X il
valore più grande, O il più piccolo. (Anche scegliere un collasso è un turno.) Poiché le
posizioni sono immutabili e hashable, `cache` si ricorda ogni posizione già risolta: una
posizione raggiunta di nuovo con un altro ordine di mosse viene ritrovata, non esplorata
un'altra volta.
""",
    "7eb5e5ff7f": """
Provalo sul rompicapo 2 del notebook 05 (tocca a X fare la mossa 7). Dalla mossa 7 l'albero è
piccolo.
""",
    "a9b0dffb9f": """
Circa 1400 posizioni risolte, e più di metà delle posizioni incontrate dalla ricerca erano
già nella cache. Dal tabellone vuoto questo semplice minimax dovrebbe visitare una grande
parte di 10¹³ partite: senza speranza. Il risolutore del kit (`qttt_edu.solver`) aggiunge
quattro idee, descritte nella docstring del suo modulo:

- **potatura:** trovata una mossa vincente, non serve esplorare le altre (pone domande
  sì/no come "X può ottenere almeno una patta?");
- **una tabella delle trasposizioni** come la cache qui sopra, con chiavi compatte;
- **simmetria:** tutte le immagini simmetriche di una posizione condividono una sola voce della tabella;
- **ordinamento delle mosse:** prima le mosse che chiudono un anello, perché i loro collassi
  spesso finiscono subito la partita.

Dà lo stesso risultato del nostro minimax:
""",
    "963713f8fb": """
## 5. Il modo di contare il risultato conta?

Il notebook 04 ha presentato tre modi di contare il risultato di una partita. Differiscono
solo quando un collasso dà una linea a entrambi i giocatori:

- **seed**, sullo schermo *prima linea* (la regola del kit): vince la linea completata prima. Valori +1, 0, −1.
- **complete**, sullo schermo *doppia = patta*: un collasso del genere è una patta.
- **goff**, sullo schermo *punti di Goff*: i punti di Goff (1 e 1/2), come punti di X meno punti di O: 1, 1/2, 0, −1/2, −1.

Ecco una posizione dopo tre mosse, l'inizio di una linea di gioco perfetto dal tabellone
vuoto con la regola del kit. Tocca a O fare la mossa 4.
""",
    "f60e45beea": predict("I tre modi di contare daranno qui lo stesso valore?"),
    "8db7876050": """
Con la regola del kit vince X; se le linee simultanee fossero patte, O potrebbe tenere la
patta; e con i punti di Goff X vince di mezzo punto. Quindi la miglior difesa di O qui *è*
una linea simultanea: O non può fermare la linea di X, ma può completarne una sua nello
stesso collasso, solo più tardi. È la regola del punteggio a decidere chi vince una partita
giocata in modo perfetto.

## 6. Il gioco perfetto dal tabellone vuoto

Risolvere il tabellone vuoto richiede al risolutore del kit da uno a due minuti per ogni modo
di contare su un portatile, troppo per una lezione, quindi ecco i risultati come numeri
salvati. Chiunque può riprodurli (il comando qui sotto stampa il valore, una variante
principale e il numero di nodi):

```
python -c "from qttt_edu import Position; from qttt_edu.solver import solve; print(solve(Position(), 'seed'))"
```

(sostituisci `'seed'` con `'complete'` o `'goff'` per gli altri modi di contare).

| modo di contare | valore con il gioco perfetto | significato | una prima mossa migliore | una linea di gioco perfetto |
|---|---|---|---|---|
| seed | +1 | **vince X** | `1-9` | `1-9 1-2 1-3 1-2 c1 4-5 4-5 c4 6-7 6-7 c6` |
| complete | 0 | **patta** | `1-2` | `1-2 1-3 1-4 1-5 1-7 1-3 c1 6-9 6-8 6-8 c6` |
| goff | +1/2 | **X vince di mezzo punto** | `1-9` | `1-9 1-3 1-3 c1 5-7 5-7 c7 2-8 2-4 2-4 c2` |

Le linee di gioco perfetto sono trascrizioni, quindi si possono rigiocare: ognuna finisce come
dice il suo valore (una linea solo per X; un tabellone pieno; la linea di X prima e quella di
O dopo, nello stesso collasso).
""",
    "fea74ea3a9": """
Che cosa ci dice tutto questo:

- **Vince il primo giocatore** con la regola del kit: X ha una strategia che vince contro
  qualsiasi difesa, quindi nessuna difesa aiuta O. (L'incontro tra giocatori a caso del
  notebook 05 faceva già intuire un grande vantaggio della prima mossa.)
- **La miglior difesa di O è una linea simultanea.** Con i punti di Goff O ottiene comunque
  1/2 contro il gioco perfetto, e se le linee simultanee contassero come patta la partita
  finirebbe patta. Il valore del gioco dipende dalla regola della linea completata prima.
- **La prima mossa conta moltissimo.** Con la regola del kit l'analisi del risolutore di
  tutte le prime mosse ne trova esattamente due che vincono, `1-9` e `3-7`: una coppia in
  due angoli opposti, una delle otto famiglie viste sopra. Ogni altra prima mossa, comprese
  le coppie che passano per il centro, permette a O di tenere la patta. (Per riprodurlo,
  circa quattro minuti: `analyse(Position(), "seed")`.)

La risposta del risolutore per la posizione qui sopra contiene già il resto della linea di
`seed`: dopo le prime tre mosse, il gioco perfetto continua così (il lavoro difficile è
vicino alla radice, ed è per questo che partendo da tre mosse basta un secondo).
""",
    "64eafddfa1": f"""
## Riassunto

- perft(n) conta le sequenze di mosse profonde n semimosse; dove il conteggio non arriva, i cammini a caso di Knuth stimano l'albero.
- Le simmetrie del tabellone raggruppano le prime mosse di X in pochi tipi.
- Il minimax con una cache risolve le posizioni di fine partita in un attimo; il risolutore del kit aggiunge potatura, simmetria e ordinamento delle mosse per risolvere il tabellone vuoto in un paio di minuti.
- Con il gioco perfetto X vince con la regola del kit, pareggia se le linee simultanee sono patte, e vince di 1/2 punto con il punteggio di Goff; solo una prima mossa in due angoli opposti vince, ogni altra prima mossa porta alla patta.

## E adesso

Prosegui con **[07 · La metafora e la fisica]({link("07_metaphor_and_physics")})**. Ultima tappa: che cosa insegna il gioco sulla vera meccanica quantistica, e che cosa non può insegnare.
""",
}

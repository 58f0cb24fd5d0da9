"""Italian notebook 01 (superposition): translations of the English cells, keyed by fingerprint."""

from shared import GOFF
from common_it import G, binder, link, predict, stuck


CODE = [
    ("# ← your prediction, e.g.", "# ← la tua previsione, ad es."),
    ("# ← replace ... with your answer", "# ← sostituisci ... con la tua risposta"),
    ('"1/4" or 0.25', '"1/4" o 0.25'),
    (
        '"""Print classical boards side by side; \'.\' is an empty square."""',
        '"""Stampa tabelloni classici affiancati; \'.\' è una casella vuota."""',
    ),
    ('"realities")', '"realtà")'),
    ('"separate groups:"', '"gruppi separati:"'),
]

MARKDOWN = {
    "084877eecf": f"""
# 01 · Sovrapposizione

*Tris quantistico, il percorso dello studente, notebook 01 di 07 (versione italiana).*
[Apri questo notebook su Binder]({binder("01_superposition")}) (funziona nel browser, non serve installare nulla).

**Dopo questo notebook saprai**

- dire che cosa rappresenta una coppia di segni spettrali: un solo segno in una sovrapposizione di due caselle;
- elencare le *realtà* (i tabelloni classici) che una posizione rappresenta, e contarle;
- calcolare la probabilità di un evento con i pesi uguali di Goff;
- leggere la posizione scritta come ket, e capire perché mosse separate si moltiplicano.

**Prima di cominciare:** il notebook [00 · Inizia qui]({link("00_start_here")}), in cui hai giocato una partita. Non servono conoscenze di fisica.

**Tempo:** circa 35 minuti (esercizi compresi).
""",
    "49bcb1796e": f"""
Questo notebook segue le prime figure dell'articolo di Goff ({GOFF}). Ogni posizione è
costruita da una *trascrizione*, quindi puoi ricostruirla nell'app del notebook 00.
""",
    "38b0787d50": f"""
## 1. Un segno in due caselle

Nel tris normale la prima mossa di X è una X in una casella. Nel tris quantistico
X scrive **due** piccoli [segni spettrali]({G}#spooky-mark) `X1` in due caselle
diverse. La regola dice che il segno finirà esattamente in una delle due, e fino ad allora le
occupa entrambe. È l'immagine che il gioco dà di una
[sovrapposizione]({G}#superposition): secondo le regole, il segno non è ancora stato messo in
nessuna delle due caselle; lo deciderà un collasso successivo. (Niente, nel gioco in sé,
permetterebbe di distinguerlo da un segno che sta già in una casella che non conosciamo. In
meccanica quantistica una sovrapposizione è più del non sapere: il notebook 07 mostra un
effetto, l'interferenza, che la semplice ignoranza non potrebbe mai produrre.)

La prima figura di Goff è il tabellone dopo la sola mossa `1-2`:
""",
    "d514ad4215": f"""
## 2. L'insieme delle realtà

Goff legge una posizione come un [insieme]({G}#ensemble): l'insieme di tutti i tabelloni
classici, ordinari, in cui può ancora trasformarsi. Ognuno di questi tabelloni è una
[realtà]({G}#reality): ogni segno spettrale sta in una delle sue due caselle, nessuna casella
contiene due segni, e i segni classici restano dove sono.

Con una sola mossa le realtà sono due: X1 nella casella 1, oppure X1 nella casella 2.
""",
    "5b5f3935be": """
Un elenco di dizionari è difficile da leggere, quindi ecco una piccola funzione di aiuto che
stampa le realtà affiancate come piccoli tabelloni (un punto è una casella vuota). Non serve
capirne il codice.
""",
    "019ea0dcf3": """
## 3. Due mosse

La Fig. 2 di Goff aggiunge la risposta di O sulle caselle 4 e 5: la trascrizione `1-2 4-5`.
""",
    "e2f100e5ab": """
### Esercizio 01-1

Quante realtà rappresenta `1-2 4-5`? Calcolalo prima di eseguire qualsiasi altra cella;
poi controlla il tuo numero.
""",
    "b41236c723": stuck("01-1"),
    "70e319569c": "Ora elenchiamole:",
    "b9b8b670af": """
## 4. Probabilità

Quale segno finisce nella casella 4? Goff dà a ogni realtà **lo stesso peso**, quindi la
probabilità di un evento è semplicemente la frazione di realtà in cui l'evento avviene: un evento che accade in *k* realtà su *n*, tutte dello stesso peso, ha probabilità *k*/*n*.
`square_odds` fa il conto per ogni casella; la chiave `""` significa "nessun segno".
(Le funzioni del kit dicono *odds*, una parola inglese per le possibilità; quello che
restituiscono sono probabilità tra 0 e 1, non le quote "3 a 1" delle scommesse.)
""",
    "edaa517998": predict(
        "In `1-2 4-5`, qual è la probabilità che la casella 4 resti vuota? "
        "(In Python i decimali si scrivono con il punto: `0.25`.)"
    ),
    "42f52006db": """
I pesi uguali sono una scelta di Goff, non una legge del gioco, e non è così che funzionano i
veri sistemi quantistici: lì ogni risultato ha il suo peso (il notebook 07 mostra come).
Ricorda "ogni realtà conta allo stesso modo" come uno dei punti in cui la metafora semplifica.

## 5. La posizione come ket

I fisici scrivono uno stato come una somma di *ket*. Goff scrive `|s⟩ₙ` per "il segno della
mossa *n* è nella casella *s*". Lo stato di una mossa è una somma alla pari dei suoi due posti,
con un fattore che fa sommare a 1 i quadrati dei pesi:
""",
    "aa8307f220": "Lo stesso ket, in forma tipografica:",
    "9475e733ae": """
Per la Fig. 2 le due mosse non hanno niente a che fare l'una con l'altra, quindi lo stato è un
**prodotto**: (i due posti di X1) per (i due posti di O2). Svolgi il prodotto e ottieni un termine per ogni realtà, e il numero sotto la radice quadrata le conta.
""",
    "e820e90873": """
Uno stato che è un prodotto, con un fattore per ogni mossa, si dice **separabile**. Il
notebook 02 parla degli stati che non lo sono.
""",
    "cb8c819d9a": """
### Esercizio 01-2

Quante realtà rappresenta `1-2 3-4 5-6 7-8`? (Quattro mosse, nessuna casella in comune.)
""",
    "daa1ad8b11": stuck("01-2"),
    "5b245fc6e3": predict(
        "Quanti gruppi separati di segni spettrali possono stare al massimo sul tabellone? "
        "(Suggerimento: di quante caselle ha bisogno un gruppo?)"
    ),
    "2c1cafb090": """
Ogni gruppo separato ha bisogno di almeno due caselle, e le caselle sono nove: quindi al
massimo quattro gruppi, con una casella che avanza. I conteggi dei gruppi separati si
moltiplicano.
""",
    "f6a28e87f3": """
### Esercizio 01-3

Scrivi la trascrizione di **tre mosse** il cui insieme ha **esattamente 8** realtà. Il
correttore conta le realtà della tua trascrizione con il motore delle regole. Poi prova una
trascrizione di tre mosse con solo 4 realtà, e controllala con `count_realities` (senza
correttore).
""",
    "ce699afb79": stuck("01-3"),
    "50addfee19": f"""
## Riassunto

- Una coppia di segni spettrali è l'immagine che il gioco dà di una sovrapposizione: un solo segno in due caselle finché un collasso non decide.
- Una posizione rappresenta un insieme di realtà: tutti i tabelloni classici in cui può ancora trasformarsi.
- Con i pesi uguali di Goff, la probabilità di un evento è la frazione di realtà in cui avviene.
- Le mosse che non hanno caselle in comune sono indipendenti: il ket è un prodotto e i conteggi si moltiplicano.

## E adesso

Prosegui con **[02 · Entanglement]({link("02_entanglement")})**. Lì i segni condividono caselle, alcune realtà diventano impossibili e lo stato smette di essere un prodotto: è l'entanglement.
""",
}

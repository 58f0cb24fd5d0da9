"""Italian notebook 03 (measurement and collapse): translations of the English cells, keyed by fingerprint."""

from shared import GOFF
from common_it import G, binder, link, predict, stuck


CODE = [
    ("# ← your prediction, e.g.", "# ← la tua previsione, ad es."),
    ("# ← replace ... with your answer", "# ← sostituisci ... con la tua risposta"),
    ('print(count_realities(fig4), "realities")', 'print(count_realities(fig4), "realtà")'),
    (
        '"newest mark:", pending.mark, "  squares:", pending.choices, "  chooser:"',
        '"segno più recente:", pending.mark, "  caselle:", pending.choices, "  chi sceglie:"',
    ),
    ('f"X3 in square {square}:"', 'f"X3 nella casella {square}:"'),
    ('"cycle squares:"', '"caselle dell\'anello: "'),
    ('"cycle marks:  "', '"segni dell\'anello:   "'),
    ('"stems:        "', '"steli:               "'),
    (
        '"chooser:      ", info.chooser, "chooses where", info.mark, "lands:"',
        '"chi sceglie:         ", info.chooser, "sceglie dove finisce", info.mark + ":"',
    ),
    ('f"O4 in square {square}:"', 'f"O4 nella casella {square}:"'),
    ('f"X chooses c{square}"', 'f"X sceglie c{square}"'),
    ('"the collapse fills:"', '"il collasso riempie:"'),
    ('"left alone:"', '"non toccati:"'),
    ('"still spooky:"', '"ancora spettrali:"'),
]

MARKDOWN = {
    "36d38718ca": f"""
# 03 · Misura e collasso

*Tris quantistico, il percorso dello studente, notebook 03 di 07 (versione italiana).*
[Apri questo notebook su Binder]({binder("03_measurement_and_collapse")}) (funziona nel browser, non serve installare nulla).

**Dopo questo notebook saprai**

- riconoscere quando una mossa chiude un *anello*, e dire perché un anello obbliga a decidere;
- riconoscere *chi sceglie* e prevedere i due risultati possibili di un collasso;
- seguire un collasso passo per passo, steli compresi, e vedere che i gruppi entangled separati restano intatti;
- confrontare il collasso del gioco con una misura quantistica: che cosa corrisponde e che cosa no.

**Prima di cominciare:** il notebook [02 · Entanglement]({link("02_entanglement")}) (il grafo dell'entanglement, le realtà di un albero).

**Tempo:** circa 45 minuti (esercizi compresi); se manca il tempo, leggi a casa la sezione 7.
""",
    "978285312a": f"""
## 1. Una mossa che chiude un anello

La Fig. 4 di Goff ({GOFF}) continua la Fig. 3 (`1-2 2-5`) con la mossa `1-5` di X. Le caselle
1 e 5 erano già collegate attraverso la casella 2 (X1 unisce 1-2, O2 unisce 2-5), quindi il
nuovo segno chiude un giro nel grafo dell'entanglement: un [anello]({G}#cycle).
""",
    "c18750ea9f": predict(
        "Tre segni su tre caselle, ogni segno in una delle sue due caselle, un segno per "
        "casella. Quante realtà restano?"
    ),
    "72eead93fb": f"""
Solo due: i segni possono girare intorno all'anello in un verso o nell'altro. Ogni casella
dell'anello ora è occupata. Se il gioco permettesse a un quarto segno di unire queste tre
caselle, ci sarebbero quattro segni per tre caselle e **nessuna** realtà. Quindi l'anello non
può aspettare: va risolto subito. Ecco perché un anello obbliga a decidere.

## 2. Chi decide: il giocatore che sceglie

La regola: il giocatore che **non** ha chiuso l'anello sceglie in quale delle sue due caselle
finisce il segno più recente. Qui l'ha chiuso X con X3, quindi è O
[chi sceglie]({G}#chooser). Il gioco lo sa:
""",
    "8c9ae8f104": """
Ogni scelta conserva esattamente una realtà: quella in cui il segno più recente sta già
nella casella scelta. `collapse_subsets` mostra quale realtà sopravvive a quale scelta:
""",
    "1d7370c4da": f"""
Nella Fig. 5 di Goff O mette X3 nella casella 1 (la trascrizione riceve l'elemento `c1`). X1
deve allora lasciare la casella 1 per la casella 2, e questo spinge O2 nella casella 5. Tutti e
tre i segni diventano [classici]({G}#classical-mark).
""",
    "ba75554d4a": """
Dopo il collasso chi ha scelto muove come al solito: O fa subito la mossa 4, quindi O agisce
due volte di fila (la scelta, poi la mossa).

## 3. Un anello con uno stelo

Una partita nuova: `2-5 5-8 8-9 2-8`. Ecco il tabellone e il grafo dopo le sue prime tre
mosse, `2-5 5-8 8-9`. Poi O gioca la mossa 4 sulle caselle 2 e 8. Disegna
quel segno nel grafo prima di rispondere alle domande qui sotto.
""",
    "b4810186d8": """
### Esercizio 03-1

Chi sceglie in `2-5 5-8 8-9 2-8`? Rispondi `"X"` o `"O"`.
""",
    "1c8576294a": stuck("03-1"),
    "bc039360ed": """
### Esercizio 03-2

Quali caselle stanno **sull'anello**? (In qualsiasi ordine, ad es. `[4, 5, 6]`.)
""",
    "3d45d58ada": stuck("03-2"),
    "1d134c7d52": f"""
Un segno può far parte del gruppo senza stare sull'anello: ci è appeso. Goff chiama questi
segni [steli]({G}#stem). Uno stelo non ha più libertà: qualunque cosa decida chi sceglie,
l'anello riempie la casella a cui lo stelo è attaccato, quindi il segno dello stelo deve finire
nella sua altra casella.
""",
    "769a353ac4": "Dopo `2-8` il disegno mette in evidenza l'anello e lo stelo, e `pending_cycle` li elenca:",
    "760673b036": """
## 4. Il collasso, passo per passo

Una volta che il segno più recente è al suo posto, tutto il resto è obbligato, un segno alla
volta: un segno in una casella appena occupata deve spostarsi nella sua altra casella, il che
può spingere il segno successivo, e così via lungo l'anello e poi lungo gli steli. `cascade`
elenca i passi con il motivo di ciascuno; qui chi sceglie mette O4 nella casella 2:
""",
    "f2d83ff076": "`draw_cascade` disegna gli stessi passi come una striscia di piccoli tabelloni:",
    "8c2f2c7053": """
### Esercizio 03-3

Ora l'altra scelta: X mette O4 nella casella **8**. Dove finisce ogni segno del gruppo?
Rispondi con un dizionario da casella a segno, `{casella: "segno", ...}` (oppure da
segno a casella, se preferisci). Prima risolvilo su carta.
""",
    "abfdf2abef": stuck("03-3"),
    "b3b80f6616": """
## 5. I due risultati a confronto

Chi sceglie bene confronta i due risultati prima di decidere. `collapse_outcomes` li dà
entrambi senza cambiare la partita; disegnarli uno accanto all'altro mostra su che cosa si
gioca davvero la scelta.
""",
    "36801aab3b": """
### Un anello fatto solo dei segni di un giocatore

La regola vale anche quando un giocatore chiude un anello fatto solo dei **propri** segni:
a scegliere è comunque l'altro giocatore. Qui sotto X5 chiude l'anello 7-8-9 con X1 e X3,
quindi sceglie O. Le due scelte riempiono le stesse tre caselle con i segni di X e ne
scambiano soltanto i numeri di mossa, quindi X ottiene la riga 7-8-9 qualunque cosa scelga
O. Uno scambio del genere conta quando una linea contiene solo alcune caselle dell'anello:
può cambiare il numero di mossa più alto della linea, che decide tra due linee create dallo
stesso collasso (notebook 04).
""",
    "e1b32c5103": """
## 6. I gruppi entangled separati non vengono toccati

Un collasso sistema solo il gruppo a cui appartiene l'anello. In questa posizione X5 chiude
l'anello 1-2-3 (con lo stelo O4 su 3-6), mentre X3 sta in disparte sulle caselle 7 e 9.
""",
    "e9c6bf8184": predict("Dopo la scelta di O, quali segni saranno ancora spettrali?"),
    "798d6ab988": """
### Esercizio 03-4

Scrivi una trascrizione la cui **ultima mossa chiude un anello di quattro caselle** e lascia
la scelta a **O** (fermati prima della scelta: niente elemento `c` alla fine). Il correttore
la rigioca. (Chi deve chiudere l'anello perché scelga O? Quanti segni servono per un anello
di quattro caselle?)
""",
    "0e38eee06b": stuck("03-4"),
    "e233bf7763": """
## 7. La misura: dove la metafora regge e dove no

Goff propone il collasso come immagine di una **misura** quantistica. Confronta:

| | tris quantistico | misura quantistica |
|---|---|---|
| prima | una sovrapposizione di realtà | una sovrapposizione di risultati |
| dopo | un solo tabellone classico ben definito per il gruppo | un solo risultato ben definito |
| le altre possibilità | spariscono dall'insieme | spariscono dallo stato (lo stato "collassa") |
| i partner entangled | sistemati all'istante, per quanto lontane siano le loro caselle | correlati all'istante, per quanto lontani siano |
| che cosa lo provoca | un anello nel grafo | un'interazione con uno strumento di misura |
| chi decide il risultato | **un giocatore, di proposito** | **nessuno: il caso**, con le probabilità date dalla regola di Born |

L'ultima riga è la grande differenza. In fisica nessuno può scegliere il risultato di una
misura, ed è uno dei motivi principali per cui l'entanglement non si può usare per mandare un
messaggio (il principio di *non-segnalazione*): dall'altra parte si vedono comunque risultati
casuali. Nel gioco chi sceglie *decide* il risultato, e per questo è un gioco di abilità. Nel
notebook 07 si gioca una variante in cui invece decide una moneta.
""",
    "8558723e2d": f"""
## Riassunto

- Una mossa che unisce due caselle già collegate chiude un anello; un anello di k caselle contiene k segni, quindi l'anello va risolto subito.
- Il giocatore che non ha chiuso l'anello è chi sceglie, e decide dove finisce il segno più recente; ogni altro segno del gruppo, steli compresi, è poi obbligato.
- I gruppi entangled separati non vengono toccati dal collasso.
- Come una misura, un collasso trasforma una sovrapposizione in un solo risultato ben definito; a differenza di una misura, il risultato lo sceglie un giocatore invece del caso.

## E adesso

Prosegui con **[04 · Vittoria e punteggio]({link("04_winning_and_scoring")})**. Ora che i segni diventano classici, possono fare linea: come si vince la partita e come Goff assegnava i punti.
""",
}

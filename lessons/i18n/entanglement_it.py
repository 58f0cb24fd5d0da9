"""Italian notebook 02 (entanglement): translations of the English cells, keyed by fingerprint."""

from shared import GOFF
from common_it import G, binder, link, predict, stuck


CODE = [
    ("# ← your prediction, e.g.", "# ← la tua previsione, ad es."),
    ("# ← replace ... with your answer", "# ← sostituisci ... con la tua risposta"),
    ('"2/3" or 0.67', '"2/3" o 0.67'),
    (
        '"""Print classical boards side by side; \'.\' is an empty square."""',
        '"""Stampa tabelloni classici affiancati; \'.\' è una casella vuota."""',
    ),
    ('"joins squares", a, "and", b', '"unisce le caselle", a, "e", b'),
    ('"separate groups:"', '"gruppi separati:"'),
    ('"the board"', '"il tabellone"'),
    ('"its entanglement graph"', '"il suo grafo dell\'entanglement"'),
    (
        '"the group on its own:", group, "   X3 on its own: 2   whole position:"',
        '"il gruppo da solo:", group, "   X3 da solo: 2   posizione intera:"',
    ),
    ('"   (Fig. 2, for comparison)"', '"   (Fig. 2, per confronto)"'),
    (
        '"record                  marks  realities  X1 in square 3"',
        '"trascrizione            segni  realtà     X1 nella casella 3"',
    ),
]

MARKDOWN = {
    "d9c1924640": f"""
# 02 · Entanglement

*Tris quantistico, il percorso dello studente, notebook 02 di 07 (versione italiana).*
[Apri questo notebook su Binder]({binder("02_entanglement")}) (funziona nel browser, non serve installare nulla).

**Dopo questo notebook saprai**

- spiegare che cosa cambia quando due segni condividono una casella: alcune combinazioni diventano impossibili, e le probabilità di un segno dipendono dall'altro;
- disegnare e leggere il grafo dell'entanglement;
- contare le realtà di un albero di segni spettrali (una per ogni casella vuota) e ricavare le probabilità dalla sua forma;
- decidere se uno stato è un prodotto (separabile) o entangled;
- ricostruire i numeri di "decoerenza" di Goff e dire che cosa il nome significa in fisica e che cosa no.

**Prima di cominciare:** il notebook [01 · Sovrapposizione]({link("01_superposition")}) (realtà, probabilità, ket).

**Tempo:** circa 45 minuti (esercizi compresi); se manca il tempo, leggi a casa il riquadro finale.
""",
    "7e10f6849b": f"""
## 1. Due segni condividono una casella

Nella Fig. 3 di Goff ({GOFF}) O risponde alla mossa `1-2` di X con `2-5`: O mette uno dei suoi segni
spettrali nella casella 2, dove X ne ha già uno.
""",
    "b431e5be81": """
Due mosse separate, come nella Fig. 2, davano 2 × 2 = 4 realtà. Ricorda che in una realtà
ogni casella contiene al massimo un segno.
""",
    "97ac74f3c3": """
### Esercizio 02-1

Quante realtà rappresenta `1-2 2-5`?
""",
    "76a88fd09f": stuck("02-1"),
    "b714c421f4": "Elencale, per controllare il tuo conteggio:",
    "b31bd01b2d": """
### Esercizio 02-2

Se tutte le realtà sono ugualmente probabili, qual è la probabilità che **X1 finisca nella
casella 1**? (Una frazione, un numero decimale o una percentuale: vanno bene tutti.)
""",
    "3ca61614fe": stuck("02-2"),
    "bb338128f1": """
Controlla con `mark_odds`, che dà la probabilità di ogni segno spettrale per ciascuna delle
sue due caselle:
""",
    "caeb295b0c": f"""
La mossa di O ha cambiato le probabilità del segno **di X**: prima X1 era al 50 e 50; ora
pende verso la casella 1. Quello che fa un segno dipende dall'altro, e X1 non si può più
descrivere da solo: solo la coppia ha un elenco preciso di possibilità. Segni collegati in
questo modo sono [entangled]({G}#entanglement); la sezione 4 dice esattamente che cosa
significa per lo stato.

## 2. Il grafo dell'entanglement

Un disegno rende visibili i collegamenti. Prendi le caselle come punti (i *nodi*) di un grafo,
e disegna ogni segno spettrale come una linea (un *lato*) tra le sue due caselle. I segni
collegati attraverso caselle comuni formano un gruppo; gruppi separati sono indipendenti.
Questo è il [grafo dell'entanglement]({G}#entanglement-graph).
""",
    "8bb96ca5de": """
`draw_entanglement` lo disegna mettendo il nodo di ogni casella dove la casella si trova sul
tabellone, e scrivendo su ogni lato il suo segno:
""",
    "da78b853b6": predict(
        "Il gruppo {1, 2, 5, 6} ha tre segni su quattro caselle, e il segno separato X3 sta "
        "su 7-9. Quante realtà ha l'intera posizione?"
    ),
    "8a345cedd4": """
## 3. Contare le realtà di un albero

Prima di ogni mossa il grafo dell'entanglement non ha anelli: ogni gruppo è un *albero* (un
anello collassa subito, notebook 03). Un albero di *k* segni occupa sempre *k* + 1 caselle, e
in ogni realtà esattamente **una** delle sue caselle resta vuota. Scegli la casella vuota e
tutto il resto è obbligato: ogni segno finisce nella sua casella più lontana da quella vuota.
Quindi un albero di *k* segni ha esattamente *k* + 1 realtà, una per ogni casella vuota.

Questo dà la probabilità di un segno in un albero senza elencare niente: un segno finisce
nella casella del suo lato **più lontana** dalla casella vuota, quindi

> probabilità(il segno finisce nella casella *s*) = (caselle dalla parte *opposta* del segno) ÷
> (tutte le caselle dell'albero).

Per esempio, in `1-3 1-2` l'albero ha le caselle 1, 2 e 3. X1 (su 1-3) finisce nella
casella 3 ogni volta che la casella vuota è la 1 o la 2: una probabilità di 2/3.
""",
    "50c6362296": """
### Esercizio 02-3

Parti da `1-3 1-2`. Scrivi **un'altra mossa** (una coppia di caselle) dopo la quale la
probabilità che X1 finisca nella casella 3 sia esattamente **3/4**. Ci sono più risposte
giuste; il correttore le accetta tutte.
""",
    "ca2fdee604": stuck("02-3"),
    "5e834bb8b2": """
## 4. L'entanglement nel ket

Il notebook 01 ha scritto una posizione come un ket, una somma alla pari delle sue realtà. Per
la Fig. 2 il ket era un **prodotto**, un fattore per ogni mossa. Goff scrive la Fig. 3 come
somma alla pari delle sue realtà, e il numero sotto la radice le conta:
""",
    "47a441562f": """
### Esercizio 02-4

Lo stato di `1-2 2-5` è **separabile** (un prodotto di un fattore per X1 e uno per O2)?
Rispondi sì o no. Per una verifica vera, prova a scriverlo come
(a|1⟩₁ + b|2⟩₁)(c|2⟩₂ + d|5⟩₂) e svolgi il prodotto.
""",
    "2104ce5913": stuck("02-4"),
    "dcb373070c": """
Uno stato che non è un prodotto si dice **entangled**: questo è il significato preciso della
parola. Le caselle comuni hanno reso entangled la Fig. 3, mentre la Fig. 2, senza caselle
comuni, è un prodotto. (Un avvertimento per dopo, dal notebook 07: nel gioco "non un prodotto"
descrive un elenco di tabelloni ugualmente probabili, e anche oggetti ordinari possono essere
collegati così: una carta rossa e una nera chiuse in due buste. L'entanglement quantistico è
più di questo.)

## 5. I numeri di "decoerenza" di Goff

Le Figg. 14–16 di Goff mettono X1 sulle caselle 1 e 3 e poi attaccano altri segni in catena
dalla parte della casella 1. Goff riporta la probabilità che X1 finisca nella casella 3:
**50 %, 67 %, 75 % e 83 %**. L'articolo non stampa tutte le trascrizioni, quindi la scala qui
sotto è una **ricostruzione del kit**: una catena che cresce di una casella alla volta dalla
parte della casella 1, e che riproduce i suoi quattro numeri.
""",
    "edd8bc942a": predict(
        "Con quattro segni nella catena (`1-3 1-2 2-4 4-5`), qual è la probabilità che X1 "
        "finisca nella casella 3? Usa la regola della sezione 3."
    ),
    "edaf2ec274": """
Ogni gradino è (segni) ÷ (segni + 1): 1/2, 2/3, 3/4, 4/5, 5/6. In questa ricostruzione i
quattro numeri di Goff sono i gradini 1, 2, 3 e 5 (83 % = 5/6 con cinque segni), e il
gradino dell'80 % che hai previsto sta tra gli ultimi due; le figure dell'articolo potrebbero
collegare i segni in un altro modo, perché qualsiasi albero con lo stesso numero di caselle da
ciascuna parte dà gli stessi numeri. La regola della sezione 3 spiega la scala: ogni nuovo
segno aggiunge una casella dalla parte della casella 1, e X1 finisce nella 3 ogni volta che la
casella vuota sta da quella parte.

### Che cosa significa "decoerenza" qui, e in fisica

Il nome che Goff dà alla scala è preso in prestito, quindi usalo con attenzione.

- **Che cosa si conserva.** In fisica la decoerenza avviene quando un sistema diventa
  entangled con una parte sempre più grande di ciò che lo circonda. Dopo, il sistema non si può
  descrivere da solo, e la sua sovrapposizione non mostra più interferenza: sembra un normale
  "o questo o quello". La scala mostra la prima metà in miniatura: più sono i segni con cui X1
  è entangled, meno X1 da solo ti dice.
- **Che cosa no.** La vera decoerenza *non* spinge le probabilità verso un risultato; le lascia
  com'erano e toglie l'interferenza tra di esse. Lo spostamento dal 50 % verso il 100 % qui
  viene dal contare realtà di peso uguale su un albero che cresce. E comunque il gioco non ha
  alcuna interferenza da perdere (notebook 07).
""",
    "c0e32beb5b": f"""
## Riassunto

- I segni che condividono una casella sono entangled: alcune combinazioni diventano impossibili e il ket non è più un prodotto.
- Il grafo dell'entanglement ha le caselle come nodi e i segni come lati; i gruppi separati sono indipendenti e i loro conteggi si moltiplicano.
- Un albero di k segni ha k + 1 realtà, una per ogni casella vuota, quindi le probabilità si ricavano dalla forma dell'albero.
- La scala della decoerenza di Goff: più sono i segni con cui X1 è entangled, meno dice X1 da solo; la vera decoerenza ha in comune la parte "entangled con l'ambiente", non lo spostamento delle probabilità.

## E adesso

Prosegui con **[03 · Misura e collasso]({link("03_measurement_and_collapse")})**. Quando una nuova mossa unisce due caselle già collegate, il grafo ha un anello, e il gioco deve decidere: misura e collasso.
""",
}

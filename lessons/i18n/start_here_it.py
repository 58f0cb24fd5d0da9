"""Italian start-here notebook: translations of the English cells, keyed by fingerprint."""

import re

G = "../../lessons/it/glossary.md"

CODE = [
    ('"yes" or "no"', '"sì" o "no"'),
    ("# ← your prediction, e.g.", "# ← la tua previsione, ad es."),
    ("# ← replace ... with your answer", "# ← sostituisci ... con la tua risposta"),
    ("# not allowed: a collapse is pending", "# non consentito: c'è un collasso in attesa"),
    # A yes/no answer is printed as a word of the language, never as Python's False.
    (
        re.compile(r'^print\("waiting for a collapse:", (.+)\)$', re.M),
        r'print("in attesa di un collasso:", "sì" if \1 else "no")',
    ),
    (
        'print(pending.mark, "closed a cycle;", pending.chooser, "chooses between", pending.choices)',
        'print(pending.mark, "ha chiuso un anello;", pending.chooser, "sceglie tra la casella",'
        ' pending.choices[0], "e la casella", pending.choices[1])',
    ),
    ('"record:"', '"trascrizione:"'),
    ('"refused:"', '"rifiutata:"'),
    ('"record unchanged:"', '"trascrizione invariata:"'),
]

MARKDOWN = {
    "ddf6ea089b": """
# 00 · Inizia qui

*Tris quantistico, il percorso dello studente, notebook 00 di 07 (versione italiana).*
[Apri questo notebook su Binder](https://mybinder.org/v2/gh/qttt-edu/qttt-edu/HEAD?labpath=notebooks/i18n/00_start_here.it.ipynb) (funziona nel browser, non serve installare nulla).

**Dopo questo notebook saprai**

- giocare una partita a tris quantistico nell'app del notebook, da solo o contro il computer;
- scrivere e leggere una *trascrizione* di partita come `1-2 1-2 c1`;
- eseguire una cella, rispondere a un esercizio e chiedere un suggerimento;
- orientarti nel kit: i notebook, il glossario, il materiale per l'insegnante.

**Prima di cominciare:** niente. Non servono né fisica né Python: ogni cella è pronta da eseguire.

**Tempo:** circa 45 minuti, 10 dei quali per giocare (esercizi compresi).
""",
    "54c9bfe3be": """
Il tris quantistico è stato inventato dal fisico Allan Goff per far *sentire*
tre idee strane della meccanica quantistica (sovrapposizione, entanglement e misura)
giocandoci (A. Goff, “Quantum tic-tac-toe: A teaching metaphor for superposition in quantum mechanics”, *Am. J. Phys.* **74**, 962–973 (2006), doi:10.1119/1.2213635). Con questo kit puoi giocarlo in un notebook e poi esaminare
da vicino ciascuna idea, un notebook alla volta.
""",
    "57d675a687": f"""
## Come si usa un notebook

Un notebook è un elenco di *celle*. Le celle di testo (come questa) spiegano; le celle di codice (riquadri
grigi) fanno qualcosa quando le **esegui**: clicca nella cella e premi
**Shift+Invio**. Esegui le celle dall'alto in basso. Se qualcosa sembra strano, usa
*Kernel → Restart and run all* (oppure *Run → Run All Cells*) per ricominciare da capo.
Se esegui tutte le celle, l'esecuzione si ferma alla prima domanda a cui non hai ancora
risposto: una cella che mostra un risultato aspetta che la tua ipotesi o la tua risposta
sia scritta nella cella sopra. Scrivila, esegui quella cella e prosegui da lì.

## Le regole in due minuti

Il tabellone è il solito 3 × 3, con le caselle numerate nell'ordine di lettura:

```
1 2 3
4 5 6
7 8 9
```

- **Una mossa è una coppia.** A ogni mossa scrivi due piccoli
  [segni spettrali]({G}#spooky-mark) con il numero della mossa (X1, O2, X3...) in due
  caselle diverse. Il segno finirà esattamente in *una* delle due; fino ad allora sta
  in entrambe. X fa le mosse dispari, O quelle pari.
- **Dove può andare una coppia.** In due caselle diverse senza segno classico. Una casella
  può contenere molti segni spettrali, ma mai un segno spettrale *e* uno classico.
- **Gli anelli collassano.** Quando una nuova coppia unisce due caselle già collegate da una
  catena di segni spettrali, chiude un [anello]({G}#cycle). L'*altro* giocatore
  ([chi sceglie]({G}#chooser)) decide allora dove finisce il nuovo segno, e ogni segno di quel
  gruppo diventa un grande [segno classico]({G}#classical-mark).
- **Poi muove chi ha scelto.** Dopo la scelta, chi ha scelto fa la mossa successiva come
  al solito, quindi agisce due volte di fila: la scelta, poi la mossa.
- **Le linee vincono.** Contano solo i segni classici. Vince chi ha tre segni classici in fila: in orizzontale, in verticale o in diagonale.
  Se un collasso dà una linea a entrambi, vince la linea completata per prima (quella il cui
  numero di mossa più alto è minore).
- **La nona mossa.** Se resta una sola casella, la nona mossa di X è un normale segno
  singolo lì.

È tutto. Le regole complete sono nella [scheda delle regole](../../lessons/rules/it.md). La prossima cella avvia il gioco.

**Su carta** basta una matita: disegna una grande griglia 3 × 3, scrivi i segni spettrali
in piccolo in un angolo delle loro caselle (X1, O2, ...) e, quando un anello collassa,
cancellali e scrivi ogni segno classico in grande nella sua casella.
""",
    "18bde2f2c5": """
## Gioca!

Esegui la cella qui sotto. Clicca due caselle per mettere una coppia; clicca di nuovo una casella evidenziata
per annullare. Quando si chiude un anello, la riga di stato dice chi sceglie, e due pulsanti
offrono le due caselle. I pannelli accanto al tabellone mostrano il grafo dell'entanglement e
quanti tabelloni classici (*realtà*) sono ancora possibili; il pannello *L'idea quantistica* dice
quale idea quantistica illustra ogni evento.

Gioca una partita intera con il tuo vicino (due persone, uno schermo). Poi usa il menu Avversario
per giocare contro il computer. L'app parla anche inglese, danese, finlandese e norvegese:
scegli una lingua dal menu Lingua, oppure avviala con `play(language="it")` (`"da"`, `"fi"`, `"nb"`, `"en"`).

*(Se stai leggendo una copia statica di questo notebook, per esempio su GitHub, l'app non
compare: apri il notebook su Binder con il link in alto.)*
""",
    "d082dde528": """
L'app ricorda la sua partita. `app.game.record()` dà la partita fin qui come *trascrizione*:
le mosse in ordine, come testo. Esegui questa cella dopo aver giocato qualche mossa:
""",
    "2069be920b": """
## Trascrizioni

Una trascrizione è il modo in cui il kit scrive una partita, un elemento per azione:

| elemento | significato |
|---|---|
| `1-5` | una coppia di segni spettrali nelle caselle 1 e 5 |
| `c5`  | chi sceglie mette il segno più recente nella casella 5 (un collasso) |
| `3`   | la nona mossa di X: un solo segno classico nella casella 3 |

Una trascrizione ricostruisce esattamente una posizione, quindi ogni tabellone di questi notebook viene
da una trascrizione, e puoi incollarne una qualsiasi nel campo di testo dell'app. Nel codice
`Game.from_record` costruisce la partita, e una partita sull'ultima riga di una cella si disegna da sola:
""",
    "e2e7874c34": """
> **Prevedi, poi esegui.** La prossima mossa di X è `1-5`. Chiude un anello? Scrivi la tua previsione nella cella successiva ed eseguila; poi esegui la cella dopo, che calcola la risposta e ci mette accanto la tua previsione.
""",
    "52c1a3126c": """
No: X3 collega la casella 1 (condivisa con X1) alla casella 5 (condivisa con O2), ma le caselle 1 e
5 non erano ancora collegate, quindi la catena si allunga soltanto.

Ora O gioca `7-9`, unendo 7 e 9,
che sono già collegate passando per 1 e 5:
""",
    "56b11b01bf": """
Il kit rifiuta un'azione non consentita con un messaggio che dice che cosa è consentito, e lascia
la partita invariata:
""",
    "7c8c33c39c": """
## Esercizi

Ogni notebook ha degli esercizi. Scrivi la tua risposta al posto di `...` ed esegui la
cella; il correttore stampa una riga che comincia con **✓** (giusto) o **✗** (non ancora, con un
suggerimento). Le risposte si possono scrivere in qualsiasi forma sensata: `[1, 4, 7]`, `"1, 4 e 7"` e
`(7, 4, 1)` sono tutte la stessa risposta. Prova:
""",
    "91b3594c7d": """
### Esercizio 00-1

Quali tre caselle formano la diagonale dall'angolo **in alto a destra** all'angolo
**in basso a sinistra**?
""",
    "ef8962352c": """
Bloccato? `checks.hint("00-1")` dà un suggerimento; `checks.solution("00-1")` mostra una soluzione svolta (prova da solo per qualche minuto prima: la soluzione resta nascosta finché non la chiedi).
""",
    "d134547939": """
### Esercizio 00-2

Dopo la trascrizione `1-9 1-9`, a chi tocca: `"X"` o `"O"`? (Pensa a quale mossa
ha chiuso un anello.)
""",
    "9428e1b241": """
Bloccato? `checks.hint("00-2")` dà un suggerimento; `checks.solution("00-2")` mostra una soluzione svolta (prova da solo per qualche minuto prima: la soluzione resta nascosta finché non la chiedi).
""",
    "4014126431": """
### Esercizio 00-3

Scrivi una trascrizione in cui **il primo segno di X, X1, finisce come segno classico al
centro** (casella 5). Se vuoi, prova prima nell'app, poi incolla qui la trascrizione.
""",
    "6af6b18045": """
Bloccato? `checks.hint("00-3")` dà un suggerimento; `checks.solution("00-3")` mostra una soluzione svolta (prova da solo per qualche minuto prima: la soluzione resta nascosta finché non la chiedi).
""",
    "80caa2a01f": """
## Come è organizzato il kit

**I notebook** (la cartella `notebooks/`, un livello sopra) sono il percorso dello studente. Ognuno comincia con ciò che
imparerai, finisce con un riassunto e richiede circa una lezione di 45 minuti (i notebook 05 e 07 ne richiedono due). Tutti e otto i notebook sono anche in italiano, in questa cartella; gli originali in inglese sono nella cartella `notebooks/`.
""",
    "8aec990f34": """
| notebook | di che cosa parla |
|---|---|
| [00 · Inizia qui](00_start_here.it.ipynb) | gioca una partita; come funziona il kit (questo notebook) |
| [01 · Sovrapposizione](01_superposition.it.ipynb) | un segno in due caselle; realtà; probabilità |
| [02 · Entanglement](02_entanglement.it.ipynb) | segni che condividono caselle; il grafo dell'entanglement; i numeri di Goff sulla decoerenza |
| [03 · Misura e collasso](03_measurement_and_collapse.it.ipynb) | anelli, chi sceglie, la cascata: la misura nel gioco |
| [04 · Vittoria e punteggio](04_winning_and_scoring.it.ipynb) | linee, linee simultanee, i punti di Goff, la nona mossa |
| [05 · Strategia](05_strategy.it.ipynb) | giocare contro il computer; trappole; il tuo giocatore in un torneo di classe |
| [06 · Risolvere il gioco](06_solving_the_game.it.ipynb) | quanto è grande il gioco; minimax; che cosa dà il gioco perfetto |
| [07 · La metafora e la fisica](07_metaphor_and_physics.it.ipynb) | dove la metafora regge e dove no; collasso casuale; veri qubit con NumPy |
""",
    "fb7af1ac03": f"""
**Il glossario** ([lessons/it/glossary.md]({G})) spiega ogni parola del gioco:
[segno spettrale]({G}#spooky-mark), [segno classico]({G}#classical-mark),
[anello]({G}#cycle), [collasso]({G}#collapse), [stelo]({G}#stem), [chi sceglie]({G}#chooser),
[realtà]({G}#reality), [insieme]({G}#ensemble). Le parole con link come queste lo aprono.

**Per gli insegnanti**, la cartella `lessons/` ha piani di lezione, schede di lavoro, soluzioni e
le regole in cinque lingue; [la guida per i docenti in italiano](../../lessons/it/README.md),
[la scheda delle regole in italiano](../../lessons/rules/it.md).

Per giocare e seguire i notebook non serve Python. Se ne sai un po' e sei
curioso, [il README dei notebook](README.it.md) elenca le parti del pacchetto.
`set_language("it")` nella prima cella di codice fa parlare il kit in italiano.
""",
    "64272f7d47": """
## Riassunto

- Una mossa è una coppia di segni spettrali; una mossa che chiude un anello fa scegliere l'altro giocatore, e il gruppo diventa classico.
- Solo i segni classici fanno linea.
- Una trascrizione come `1-9 5-7 1-5 7-9` ricostruisce qualsiasi posizione; l'app legge e scrive trascrizioni.
- Gli esercizi li controlla `checks.check`; suggerimenti e soluzioni aspettano finché non li chiedi.

## E adesso

Prosegui con **[01 · Sovrapposizione](01_superposition.it.ipynb)**. Guarda da vicino una singola mossa: che cosa significa che un segno sta in due caselle contemporaneamente.
""",
}

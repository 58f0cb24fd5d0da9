"""Italian notebook 07 (the metaphor and the physics): translations of the English cells, keyed by fingerprint."""

from shared import GOFF
from common_it import G, binder, link, predict, stuck


CODE = [
    ("# ← your prediction, e.g.", "# ← la tua previsione, ad es."),
    ("# ← replace ... with your answer", "# ← sostituisci ... con la tua risposta"),
    ('"yes" or "no"', '"sì" o "no"'),
    (
        'print("X3 landed in square 1 in", landings.count(1), "of 1000 coin-tossed collapses")',
        'print("X3 è finito nella casella 1 in", landings.count(1),'
        ' "collassi su 1000 decisi a testa o croce")',
    ),
    (
        '"""A player whose collapses are decided by a fair coin; its moves are unchanged."""',
        '"""Un giocatore i cui collassi li decide una moneta equa; le sue mosse non cambiano."""',
    ),
    ('player.name + " + coin"', 'player.name + " + moneta"'),
    (
        '"""The share count/games and its 95 % confidence interval, as (share, low, high)."""',
        '"""La frazione count/games e il suo intervallo di confidenza al 95 %,'
        ' come (frazione, minimo, massimo)."""',
    ),
    (
        'f"{GAMES} games each      X wins             O wins             draws"',
        'f"{GAMES} partite        vince X         vince O         patte"',
    ),
    ('"chooser decides"', '"decide chi sceglie"'),
    ('"coin decides"', '"decide la moneta"'),
    (
        '# "less" only if the intervals do not overlap',
        '# "meno" solo se gli intervalli non si sovrappongono',
    ),
    ('print("by hand:",', 'print("a mano:",'),
    (
        'print("amplitudes:", state.round(3), "  sum of squares:"',
        'print("ampiezze:", state.round(3), "  somma dei quadrati:"',
    ),
    (
        '"""How many of `shots` measurements of `state` gave each outcome (Born rule)."""',
        '"""Quante delle `shots` misure di `state` hanno dato ciascun risultato'
        ' (regola di Born)."""',
    ),
    ('"counts of 0 and 1:"', '"conteggi di 0 e di 1:"'),
    ('"after H:    amplitudes"', '"dopo H:    ampiezze"'),
    ('"after H, H: amplitudes"', '"dopo H, H: ampiezze"'),
    ('"  counts"', '"  conteggi"'),
    (
        "# The same two steps with probabilities only (each step a fair coin): no signs, no cancelling.",
        "# Gli stessi due passi con le sole probabilità (ogni passo una moneta equa):"
        " niente segni, niente cancellazioni.",
    ),
    ('"coin, coin: probabilities"', '"moneta, moneta: probabilità"'),
    (
        '"""The matrix that measures a qubit along the angle `degrees`."""',
        '"""La matrice che misura un qubit lungo l\'angolo `degrees`."""',
    ),
    (
        '"""Probabilities of the outcome pairs 00, 01, 10, 11 for the two angles."""',
        '"""Le probabilità delle coppie di risultati 00, 01, 10, 11 per i due angoli."""',
    ),
    ('"both at 0°:"', '"entrambi a 0°:"'),
    ("# Bob's choice for every shot: 0 or 1", "# la scelta di Bob per ogni misura: 0 o 1"),
    ("# Alice's result is the first digit", "# il risultato di Alice è la prima cifra"),
    ("# P(Alice gets 1) = P(10) + P(11)", "# P(Alice ottiene 1) = P(10) + P(11)"),
    (
        'f"Bob at {45 * bit:2}°: Alice got 1 in {percent(share, 1)} of {shots} shots"',
        'f"Bob a {45 * bit:2}°: Alice ha ottenuto 1 nel {percent(share, 1)} di {shots} misure"',
    ),
    (
        'f" (95 % interval {percent(share - margin, 1)} to {percent(share + margin, 1)}); exact {number(exact, 3)}"',
        'f" (intervallo al 95 %: {percent(share - margin, 1)}–{percent(share + margin, 1)});'
        ' valore esatto {number(exact, 3)}"',
    ),
    ('"S for the 16 possible slips:"', '"S per i 16 foglietti possibili:"'),
    ("# result product for 00, 01, 10, 11", "# prodotto dei risultati per 00, 01, 10, 11"),
    (
        '"""E(a, b): exact, or estimated from `shots` simulated measurements."""',
        '"""E(a, b): esatto, oppure stimato da `shots` misure simulate."""',
    ),
    (
        "# each E has standard error at most 1/√shots",
        "# ogni E ha un errore standard di al massimo 1/√shots",
    ),
    ('f"exact S = {number(exact, 4)}', 'f"S esatto = {number(exact, 4)}'),
    (
        'f"simulated S = {number(simulated, 2)}, 95 % interval {number(simulated - margin, 2)} to'
        ' {number(simulated + margin, 2)}"',
        'f"S simulato = {number(simulated, 2)}, intervallo al 95 %: da {number(simulated - margin, 2)} a'
        ' {number(simulated + margin, 2)}"',
    ),
]

MARKDOWN = {
    "f9bbdc1c33": f"""
# 07 · La metafora e la fisica

*Tris quantistico, il percorso dello studente, notebook 07 di 07 (versione italiana).*
[Apri questo notebook su Binder]({binder("07_metaphor_and_physics")}) (funziona nel browser, non serve installare nulla).

**Dopo questo notebook saprai**

- dire che cos'è l'insieme del gioco (una distribuzione di probabilità classica sui tabelloni), e quindi che cosa il gioco può e non può mostrare della meccanica quantistica;
- giocare una variante in cui ogni collasso lo decide il caso, non un giocatore, e dire che cosa cambia e quanto ne sei sicuro;
- moltiplicare una matrice per un vettore, e usare questo calcolo per simulare qubit con NumPy: la regola di Born, le ampiezze e l'interferenza;
- eseguire un esperimento CHSH: confrontare quello che danno qubit entangled con quello che può dare qualsiasi elenco di risposte prestabilite (o di tabelloni);
- mostrare che la scelta di misura di Bob non cambia i risultati di Alice (non-segnalazione), e perché chi sceglie nel gioco è diverso.

**Prima di cominciare:** i notebook da [01]({link("01_superposition")}) a [03]({link("03_measurement_and_collapse")}). Le sezioni 4–6 usano un po' di algebra: la sezione 4 insegna l'unico pezzo di calcolo con le matrici che serve. I numeri complessi non servono.

**Tempo:** circa 65 minuti, due lezioni: sezioni 1–4 (circa 35 minuti), poi 5–7 (esercizi compresi). Con una sola lezione, fermati dopo la sezione 4 e leggi la sezione 7.
""",
    "c75b126833": f"""
## 1. Che cosa mostra il gioco

Allan Goff ha costruito il gioco in modo che le sue mosse *si comportino come* idee
quantistiche ({GOFF}). Dà a ogni idea un'immagine con cui si può giocare:

| idea quantistica | la sua immagine nel gioco |
|---|---|
| **sovrapposizione**: un sistema in più stati insieme finché non lo si misura | una coppia spettrale: un segno scritto in due caselle ([segno spettrale]({G}#spooky-mark)) |
| **entanglement**: uno stato congiunto che non è un prodotto di stati separati | segni che condividono caselle: alcune combinazioni sono escluse e il ket non si fattorizza ([entanglement]({G}#entanglement)) |
| **misura**: un solo risultato ben definito, le altre possibilità sparite | un [collasso]({G}#collapse): un solo tabellone classico per tutto il gruppo |
| **correlazioni non locali**: le parti entangled si sistemano insieme, per quanto lontane | un collasso sistema all'istante segni in caselle lontane |
| **un insieme** di possibilità | l'[insieme]({G}#ensemble) delle [realtà]({G}#reality): tutti i tabelloni classici ancora possibili |

## 2. Che cos'è l'insieme del gioco, e che cosa non sa distinguere

Guardiamo l'insieme per quello che è. È un elenco di tabelloni ordinari, ciascuno con la
stessa probabilità: una **distribuzione di probabilità classica**, come quella di un mazzo di
carte mescolato. Quando dei segni condividono una casella, o un anello collassa, alcuni
tabelloni vengono cancellati dall'elenco e gli altri si dividono la probabilità in parti
uguali: è il normale **condizionamento**, quello che fai quando scopri che una carta non è
l'asso.

Quindi niente nel gioco permette di distinguere una sovrapposizione dalla semplice
**ignoranza** (il segno sta in una casella e noi non sappiamo quale), o l'entanglement da una
normale **correlazione** (una carta rossa e una nera chiuse in due buste: ne apri una e sai
l'altra). Le immagini della tabella qui sopra valgono per entrambe. Ciò che rende diversa la
meccanica quantistica non compare affatto nel gioco:

| | meccanica quantistica | tris quantistico |
|---|---|---|
| pesi | ogni possibilità ha un'**ampiezza**; le probabilità sono i loro quadrati (la regola di Born) e non sono per forza uguali | ogni realtà conta allo stesso modo (i pesi uguali di Goff) |
| segni (fasi) e interferenza | le ampiezze hanno un segno, quindi due strade verso lo stesso risultato possono sommarsi o **cancellarsi** | le realtà si sommano soltanto; non si cancella mai niente |
| correlazioni | qubit entangled danno correlazioni che **nessun elenco** di risultati prestabiliti può dare (sezione 6) | un elenco di tabelloni è proprio un elenco del genere |
| chi sceglie il risultato | **nessuno**: è casuale, con le probabilità della regola di Born | **un giocatore**, di proposito (chi sceglie) |
| mandare messaggi | impossibile con il solo entanglement (**non-segnalazione**, sezione 5) | la decisione di chi sceglie fissa segni ovunque nel gruppo |
| quando avviene | quando il sistema interagisce con uno strumento di misura | quando si chiude un anello |

Le prossime sezioni rendono concrete queste righe, una alla volta.

## 3. Il caso al posto della scelta

Goff stesso propone una variante in cui ogni collasso viene deciso a caso. Nella Fig. 4
(`1-2 2-5 1-5`) X3 ha chiuso un anello; con una moneta al posto di chi sceglie:
""",
    "26b06a3ced": """
### Esercizio 07-1

Nella variante casuale, qual è la probabilità che X3 finisca nella casella 1 nella Fig. 4?
""",
    "87ab7f65f7": stuck("07-1"),
    "10447f0e2c": """
Una moneta cambia il gioco più di quanto si potrebbe pensare. Il giocatore euristico sceglie
i collassi per vincere; con una moneta quelle scelte spariscono. Qui sotto, un *involucro*
`CoinCollapse` (collasso a moneta) mantiene le mosse di un giocatore ma lancia una moneta a
ogni collasso. Due giocatori euristici si affrontano 500 volte in ciascuna versione del gioco.
""",
    "457160f364": """
Un risultato ottenuto da 500 partite non è esatto: giocane altre 500 e le frazioni si
spostano un po'. Una frazione osservata in *n* partite oscilla intorno alla vera probabilità
*p* di circa √(*p*(1 − *p*)/*n*), quindi l'**intervallo di confidenza al 95 %**, frazione ±
2√(frazione × (1 − frazione)/*n*), è l'insieme delle probabilità compatibili con quello che
abbiamo visto. Dove gli intervalli delle due versioni non si sovrappongono, la differenza non
è fortuna; dove si sovrappongono, queste partite non permettono di dirlo.
""",
    "b504912516": predict(
        "X, che muove per primo, vincerà *meno* spesso quando ogni collasso lo decide una moneta?"
    ),
    "1c1da6e2ff": """
Quello che cambia non è la frazione di X: i due intervalli di X si sovrappongono, quindi
queste partite lì non mostrano differenze. Cambia come finiscono le partite che X non vince:
con una moneta **O vince più spesso e le patte diventano più rare** (quegli intervalli non si
sovrappongono). Chi sceglie può spesso portare un collasso lontano dalla linea
dell'avversario e verso una patta; una moneta no. Con una moneta, chiudere un anello non è più
fare una domanda all'avversario: è una scommessa, e la strategia passa da "non offrire mai una
scelta vincente" a "offrire solo buone probabilità".

La variante casuale è più vicina alla fisica sotto un aspetto (i risultati sono casuali) e
altrettanto lontana sotto un altro: la moneta è equa, 50 e 50, mentre una vera misura segue
la regola di Born con pesi che non sono per forza uguali. Da dove vengono quei pesi?

## 4. Un vero sistema a due stati, in NumPy

### Una matrice per un vettore

Questa sezione e la successiva usano un solo calcolo. Un **vettore** è un elenco di numeri,
come (3, 4). Una **matrice** è una tabella di numeri. Una matrice per un vettore dà un nuovo
vettore: ogni elemento è una **riga** della matrice per il vettore, cioè i prodotti elemento
per elemento, sommati:

```
| 1  2 |   | 3 |   | 1·3 + 2·4 |   | 11 |
| 0 -1 | · | 4 | = | 0·3 − 1·4 | = | -4 |
```

NumPy scrive vettori e matrici come array, e il prodotto come `@`:
""",
    "0f6bf8a924": """
Prova un altro vettore al posto di (3, 4), calcola prima il prodotto a mano, poi esegui di
nuovo la cella.

### Ampiezze e regola di Born

Un *qubit* (la polarizzazione di un fotone, lo spin di un elettrone) ha due stati di base,
scritti |0⟩ e |1⟩. Il suo stato è un vettore di due **ampiezze**, (a, b), che sta per
a|0⟩ + b|1⟩ con a² + b² = 1. (In generale le ampiezze sono numeri complessi e la regola usa i
loro moduli |a|² e |b|²; i numeri reali di questo notebook bastano per tutto quello che
mostra.) Misurando il qubit si ottiene 0 con probabilità a² e 1 con probabilità b²: la
**regola di Born**. Nessuno sceglie; il risultato è casuale.

Questo stato ha ampiezza 1/√3 per |0⟩:
""",
    "6f22530ccd": """
### Esercizio 07-2

Misurando questo qubit, qual è la probabilità del risultato 0?
""",
    "dbef6ae09a": stuck("07-2"),
    "36f941e470": """
Misura 10 000 qubit preparati tutti allo stesso modo. `rng.choice(2, size=shots, p=...)`
estrae il risultato 0 o 1 per ogni misura con le probabilità `p`: la regola di Born, una
misura alla volta. I conteggi si avvicinano alle probabilità.
""",
    "56cce6b39d": """
Pesi diversi (circa 1/3 e 2/3) da una sola sovrapposizione: l'insieme di Goff poteva dare
solo 1/2 e 1/2 per un segno in due caselle.

### Interferenza: quello che il gioco non sa fare

Gli stati quantistici si possono *ruotare* moltiplicandoli per una matrice. La porta di
Hadamard H manda |0⟩ = (1, 0) nella sovrapposizione alla pari (|0⟩ + |1⟩)/√2, e |1⟩ = (0, 1)
in (|0⟩ − |1⟩)/√2: nota il **segno meno**. Applica H a |0⟩ e misura: 50 e 50, come un segno
spettrale in due caselle.
""",
    "313a9ae190": """
### Esercizio 07-3

Ora applica H **due volte** a |0⟩ e misura. Qual è la probabilità del risultato 0? Calcola a
mano H per il vettore (1/√2, 1/√2), segni compresi, prima di eseguire la cella successiva.
""",
    "f302eebc04": stuck("07-3"),
    "21683b19f7": """
Dopo due porte H ci sono due strade che portano a |1⟩, con ampiezze +1/2 e −1/2: si
**cancellano**. Le due strade verso |0⟩ si sommano e danno 1. Questa è l'**interferenza**, ed
è il cuore del comportamento quantistico (la doppia fenditura funziona allo stesso modo). Se
tieni solo le probabilità, come fanno le realtà di peso uguale del gioco, ogni passo mescola
e niente si cancella mai: 50 e 50 per sempre. Il gioco di Goff non ha segni, quindi non ha
interferenza.

## 5. Due qubit: correlati, ma nessun messaggio

Due qubit, uno di Alice e uno di Bob, hanno quattro stati di base 00, 01, 10 e 11, quindi il
loro stato è un vettore di quattro ampiezze. Lo stato entangled (|00⟩ + |11⟩)/√2 è
`[1, 0, 0, 1] / √2`.

Ciascuno dei due può scegliere **come** misurare: lungo un angolo θ (pensa a ruotare un filtro
polarizzatore). Misurare lungo θ significa ruotare il qubit con la matrice `turn(θ)` qui sotto
e poi leggere 0 o 1. `np.kron(A, B)` costruisce la matrice 4 × 4 che applica A al qubit di
Alice e B a quello di Bob nello stesso momento. Poi la regola di Born dà le probabilità delle
quattro coppie di risultati.
""",
    "78f59cb3d9": """
Misurati lungo lo stesso angolo, i due risultati sono sempre uguali (00 o 11, metà delle volte
ciascuno), per quanto lontani siano Alice e Bob. Anche due buste con carte abbinate lo
farebbero. Ora la domanda che conta per mandare messaggi: **Bob**, scegliendo il suo angolo,
può cambiare quello che vede **Alice**?

Bob ci prova. Vuole mandare i bit di un messaggio: per uno 0 misura lungo 0°, per un 1 lungo
45°. Alice misura sempre lungo 0° e conta i suoi 1, separatamente per le misure in cui Bob ha
mandato 0 e per quelle in cui ha mandato 1 (può separarle solo dopo, quando Bob le comunica la
sua lista con mezzi normali).
""",
    "05af8aa487": predict(
        "La frazione di 1 di Alice sarà diversa quando Bob sceglie 45° invece di 0°?"
    ),
    "724c5920c7": """
Qualunque cosa scelga Bob, Alice vede una moneta equa: esattamente 1/2 in teoria, e intervalli
che si sovrappongono nell'esperimento. La scelta di Bob cambia la **correlazione** tra i loro
risultati (che si vede solo quando confrontano le liste), mai le statistiche di Alice da sole.
Nessuno può scegliere un risultato, quindi nessun messaggio passa: questo è il principio di
**non-segnalazione**.

Nel gioco chi sceglie *decide* il risultato, e la scelta fissa all'istante i segni in ogni
casella del gruppo. Se le caselle fossero laboratori lontani, chi sceglie potrebbe mandare un
messaggio attraverso il collasso. Le misure della natura sono lanci di dado che nessuno
controlla.

## 6. Un test per gli elenchi di tabelloni: l'esperimento CHSH

I risultati concordi della sezione 5 potrebbero venire da buste preparate in anticipo. Nel
1969 Clauser, Horne, Shimony e Holt (CHSH) trovarono un test che nessuna preparazione del
genere può superare (J. F. Clauser, M. A. Horne, A. Shimony, R. A. Holt, *Phys. Rev. Lett.*
**23**, 880 (1969)). Alice misura lungo uno di due angoli, *a* o *a′*; Bob lungo *b* o *b′*.
Conta ogni risultato come +1 o −1, e sia E la media di (risultato di Alice × risultato di
Bob) per una coppia di angoli: +1 se sono sempre uguali, −1 se sono sempre diversi. Poi
calcola

> S = E(*a*, *b*) + E(*a*, *b′*) + E(*a′*, *b*) − E(*a′*, *b′*).

**Un elenco preparato in anticipo.** Supponi che ogni coppia di qubit porti con sé un
foglietto che dice che cosa rispondere per ogni angolo, come una busta, o come un tabellone
nell'insieme del gioco. La cella qui sotto prova tutti i foglietti possibili: le risposte di
Alice per *a* e *a′*, quelle di Bob per *b* e *b′*.
""",
    "105d7c38b1": predict(
        "Qual è il valore di S più grande che un foglietto, o una qualsiasi miscela di "
        "foglietti, può dare?"
    ),
    "d8b661c21e": """
Ogni singolo foglietto dà S = +2 o −2 (scrivi S = A(B + B′) + A′(B − B′): una parentesi vale 0
e l'altra ±2). Una miscela di foglietti, cioè una qualsiasi distribuzione di probabilità su di
essi come l'insieme dei tabelloni del gioco, dà una media di valori del genere, quindi non può
mai superare 2. Questa è una **disuguaglianza di Bell**: |S| ≤ 2 per qualsiasi insieme di risposte fissate in anticipo, con le impostazioni scelte in modo indipendente da esse.

**Qubit entangled.** Ora misura la coppia (|00⟩ + |11⟩)/√2 agli angoli *a* = 0°, *a′* = 45°,
*b* = 22,5°, *b′* = −22,5°, calcolando E esattamente con `joint` e anche da 10 000 misure
simulate per ogni coppia di angoli.
""",
    "afc2965999": predict("Quale valore di S daranno i qubit entangled?"),
    "f5d6143a0e": """
S = 2√2 ≈ 2,83, ben oltre il limite classico di 2 (anche l'intervallo simulato resta sopra
2), e 2√2 è il massimo che la meccanica quantistica permette (B. S. Cirel'son, *Lett. Math.
Phys.* **4**, 93 (1980)). Nessun elenco di risposte prestabilite, nessun insieme di tabelloni,
può farlo. Gli esperimenti con veri fotoni, elettroni e atomi trovano valori sopra 2,
anche nei test "senza scappatoie" (loophole-free, ad es. B. Hensen et al., *Nature* **526**,
682 (2015)); il premio Nobel per la fisica 2022 è andato ad Alain Aspect, John Clauser e
Anton Zeilinger per esperimenti di questo tipo. E anche così, come ha mostrato la sezione 5,
Alice da sola vede ancora una moneta equa: correlazione forte, nessun messaggio.

Il tris quantistico, come qualsiasi elenco di tabelloni giocato a caso, resta a 2 o sotto.
Questo è il confine più netto tra la metafora e la fisica.
""",
    "4a5ef0bb19": """
### Le affermazioni dell'esercizio 07-4

Quali di queste affermazioni valgono per **il tris quantistico come lo gioca il kit**?

- **A.** Nell'insieme del gioco ogni tabellone classico conta allo stesso modo.
- **B.** Due realtà del gioco possono cancellarsi a vicenda, come fanno le ampiezze
  nell'interferenza.
- **C.** È il caso a decidere come collassa un anello.
- **D.** Segni in caselle lontane tra loro sul tabellone possono essere entangled.
""",
    "5385eac9c1": """
### Esercizio 07-4

Scrivi le lettere di tutte le affermazioni vere, ad es. `"B, C"`.
""",
    "91eb661b2f": stuck("07-4"),
    "d70a19afef": """
## 7. E allora, a che cosa serve il gioco?

Una metafora è uno strumento con un campo di validità. Il tris quantistico dà al **vocabolario
e alla contabilità** della meccanica quantistica una forma con cui si può giocare: un elenco
di possibilità invece di un solo fatto, possibilità escluse quando i sistemi interagiscono,
un intero gruppo sistemato da una sola misura, e il conteggio di tutto questo. Quello che non
può mostrare è ciò che rende *quantistiche* quelle idee: ampiezze con segno che interferiscono,
correlazioni che nessun elenco può dare (CHSH), e risultati che nessuno controlla. La
"sovrapposizione" del gioco potrebbe essere benissimo ignoranza, e il suo "entanglement" una
coppia di buste sigillate. Sapere esattamente dov'è quel confine: ecco che cosa hai imparato.
""",
    "c384a6b613": f"""
## Riassunto

- L'insieme del gioco è una distribuzione di probabilità classica sui tabelloni; escludere tabelloni è un normale condizionamento. Quindi il gioco non sa distinguere la sovrapposizione dall'ignoranza, né l'entanglement da una correlazione classica: raffigura le idee, non la fisica.
- Una moneta al posto di chi sceglie cambia il modo in cui finiscono le partite; le affermazioni basate su simulazioni richiedono abbastanza partite e l'indicazione dell'incertezza (intervalli al 95 %).
- Le misure vere seguono la regola di Born: probabilità = ampiezza²; le ampiezze possono cancellarsi (interferenza), le probabilità no.
- La scelta di misura di Bob non cambia le statistiche di Alice (non-segnalazione); chi sceglie nel gioco potrebbe mandare segnali, perché è un giocatore a decidere il risultato.
- CHSH: le risposte fissate in anticipo e i qubit entangled hanno limiti diversi per S, il confine più netto tra la metafora e la fisica.

## E adesso

Sei arrivato alla fine del percorso. Torna a [00 · Inizia qui]({link("00_start_here")}) e gioca una partita contro il giocatore perfetto con occhi nuovi, prova la variante a collasso casuale con un amico e una moneta, oppure leggi l'articolo di Goff, che discute molte più idee (interferenza, decoerenza, molti mondi) di quante ne stiano qui.
""",
}

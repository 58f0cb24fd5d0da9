"""Finnish notebook 06 (solving the game): translations of the English cells, keyed by fingerprint."""

from common_fi import predict, stuck
CODE = [
    ("# ← your prediction, e.g.", "# ← ennustuksesi, esim."),
    ('"yes" or "no"', '"kyllä" tai "ei"'),
    ("# ← replace ... with your answer", "# ← korvaa ... vastauksellasi"),
    ("# e.g. math.factorial(...) ** 2", "# esim. math.factorial(...) ** 2"),
    # Big numbers are grouped with spaces as in Finnish, not with commas (1,296 would read
    # as a decimal number).
    (
        'f"perft({depth}) = {number(perft(Position(), depth)):>11}"',
        'f"perft({depth}) = {number(perft(Position(), depth)):>11}"',
    ),
    (
        '"""The number of sequences of `depth` legal actions from `position`."""',
        '"""Montako `depth` sallitun toiminnon jonoa asemasta `position` alkaa."""',
    ),
    ('"kinds of first move:"', '"ensimmäisen siirron lajia:"'),
    (
        'f"  {members[0]:4} and {len(members) - 1} more like it:',
        'f"  {members[0]:4} ja samanlaiset ({len(members) - 1}):',
    ),
    (
        '"""One random playout: the running product of branch counts at every depth."""',
        '"""Yksi satunnainen peli loppuun: haarojen määrien kertyvä tulo jokaisella syvyydellä."""',
    ),
    (
        '"""Knuth\'s estimate of perft(depth): paths that end earlier count 0."""',
        '"""Knuthin arvio perft(depth):lle: aiemmin päättyvät polut lasketaan nollaksi."""',
    ),
    (
        'f"estimate of perft(4): {number(estimate(4), 0)}   exact: {number(exact)}   off by {percent(off, 2)}"',
        'f"perft(4):n arvio: {number(estimate(4), 0)}   tarkka: {number(exact)}   poikkeama {percent(off, 2)}"'
        '',
    ),
    (
        'f"depth {depth:2}: about {number(estimate(depth), significant=2)} sequences"',
        'f"syvyys {depth:2}: noin {number(estimate(depth), significant=2)} jonoa"',
    ),
    (
        'f"complete games: about {number(mean, significant=2)} (± {percent(error / mean)} standard error)"',
        'f"kokonaisia pelejä: noin {number(mean, significant=2)} (keskivirhe ± {percent(error / mean)})"',
    ),
    (
        '"""+1 if X wins with perfect play from here, -1 if O does, 0 for a draw."""',
        '"""+1, jos X voittaa tästä täydellisellä pelillä, -1, jos O voittaa, 0 tasapelistä."""',
    ),
    ('"value for X:"', '"arvo X:lle:"'),
    # cache_info() would show Python's None (maxsize=None): print its two counts in words.
    (
        "print(minimax.cache_info())",
        'print("ratkaistuja asemia:", minimax.cache_info().misses,'
        ' "  valmiina välimuistissa:", minimax.cache_info().hits)',
    ),
    ('"solver:", solve(puzzle2).value', '"ratkaisija:", solve(puzzle2).value'),
    ('f"{scoring_name(scoring):9} value {number(result.value, sign=True)}"', 'f"{scoring_name(scoring):24} arvo {number(result.value, sign=True)}"'),
    ('or "none"', 'or "ei suoria"'),
    (
        "f\"{scoring_name(scoring):9} result {end.result:>4}   lines: {lines}   Goff's points X {number(end.scores['X'])} / O {number(end.scores['O'])}\"",
        "f\"{scoring_name(scoring):24} tulos {'tasapeli' if end.result == 'draw' else end.result:>8}"
        '   suorat: {lines}   Goffin pisteet X {number(end.scores[\'X\'])} / O {number(end.scores[\'O\'])}"',
    ),
    (
        '"value:", line.value, "  positions searched:", line.nodes',
        '"arvo:", line.value, "  asemia tutkittu:", line.nodes',
    ),
    ('"perfect play goes on:"', '"täydellinen peli jatkuu:"'),
]


MARKDOWN = {
    "51b3c8c6fc": """
# 06 · Pelin ratkaiseminen

*Kvanttiristinolla, oppilaan polku, muistikirja 06/07 (suomenkielinen versio).*
[Avaa tämä muistikirja Binderissä](https://mybinder.org/v2/gh/qttt-edu/qttt-edu/HEAD?labpath=notebooks/i18n/06_solving_the_game.fi.ipynb) (toimii selaimessa, mitään ei tarvitse asentaa).

**Tämän muistikirjan jälkeen osaat**

- laskea pelipuun koon tarkasti siellä, missä tietokone siihen pystyy, ja arvioida sen siellä, missä ei pysty, ja kertoa miten;
- käyttää laudan symmetrioita työn vähentämiseen;
- selittää minimaxin ja ajaa omaa pientä ratkaisijaa pelin loppuvaiheen asemissa;
- kertoa, mitä täydellinen peli antaa kullakin pisteytyksellä ja mitä se kertoo ensimmäisestä siirrosta.

**Ennen kuin aloitat:** muistikirjat [04](04_winning_and_scoring.fi.ipynb) (pisteytykset) ja [05](05_strategy.fi.ipynb) (pelaajat). Python: funktioista ja rekursiosta on apua, mutta kaiken voi suorittaa sellaisenaan.

**Aika:** noin 45 minuuttia (tehtävät mukaan lukien); jos aika loppuu, lue luku 6 kotona.
""",
    "e89ba3228b": """
## 1. Kuinka suuri peli on?

*Pelipuu* alkaa tyhjältä laudalta; jokainen sallittu toiminto (pari, romahduksen valinta,
yhdeksäs siirto) on haara. Shakkiohjelmoijat laskevat sen **perft**-luvulla: annetun pituisten
erilaisten toimintojonojen määrällä. Ennusta kaksi ensimmäistä tasoa.
""",
    "68ed83913b": """
### Tehtävä 06-1

Montako erilaista ensimmäistä siirtoa X:llä on?
""",
    "7de80930ef": stuck("06-1"),
    "f900af3d8e": """
### Tehtävä 06-2

Montako erilaista **kahden** toiminnon jonoa on (X:n ensimmäinen siirto, sitten O:n)?
""",
    "ae39ae7994": stuck("06-2"),
    "28709bf3c2": """
Lasketaan nyt. Viimeisellä tasolla siirtoja ei tarvitse pelata: askelta syvemmällä olevien jonojen
määrä on yksinkertaisesti sallittujen toimintojen määrä, joten syvin taso lasketaan
*laskemalla haarojen määrät yhteen* (”bulk counting”).
""",
    "e1ebe1a77f": """
Syvyys 3 ei ole yksinkertaisesti perft(1)³: jos O:n ensimmäinen siirto käyttää X:n kahta ruutua, se sulkee silmukan,
ja kolmas toiminto on X:n romahdusvalinta (2 haaraa, ei perft(1)). Samat neljä
lukua on lukittu materiaalin testeihin, ja niissä ne on varmistettu riippumattomalla simulaattorilla
ja käsin.
""",
    "bfda125351": """
## 2. Symmetria

Laudan kääntäminen tai peilaaminen ei muuta sitä, kuka on voittamassa. Ratkaisijan tarvitsee
tutkia vain yksi asema kustakin toistensa kanssa symmetristen asemien perheestä.
""",
    "671ca32446": """
### Tehtävä 06-3

Montako symmetriaa neliön muotoisella laudalla on (tapoja kääntää tai peilata se itsensä päälle,
tekemättä jättäminen mukaan lukien)?
""",
    "f9a8eabf22": stuck("06-3"),
    "77acd8b462": """
`symmetries()` luettelee ne ruutujen kuvauksina (`sym[s]` on ruutu, johon ruutu `s` siirtyy). Ryhmitellään
X:n ensimmäiset siirrot toistensa kanssa symmetristen siirtojen perheiksi:
""",
    "9c63745d09": """
## 3. Sen arvioiminen, mitä emme voi laskea

Jokainen puun taso on noin 30 kertaa edellistä suurempi, joten syvyydellä 5 on noin 50
miljoonaa jonoa. Niiden laskeminen yksitellen Pythonilla veisi minuutteja, ja koko
peli paljon kauemmin, symmetriankin kanssa. On aika arvioida.

Donald Knuthin temppu (1975): kulje **yksi satunnainen polku** puuta alas ja kerro keskenään
matkan varrella kohtaamiesi haarojen määrät. Jos ensimmäisessä asemassa on *b*₁ haaraa, seuraavassa *b*₂, sitä seuraavassa *b*₃..., tulo *b*₁ × *b*₂ × *b*₃ × ... on arvaus polkujen määrästä.
Yksittäinen arvaus on karkea, mutta sen **keskiarvo** monen satunnaisen polun yli on täsmälleen
polkujen määrä (*harhaton* arvio), ja arvausten hajonta kertoo, kuinka
kaukana keskiarvo voi olla.
""",
    "c59b57a9c4": predict(
        "Tarkka perft(4) on 1 531 656. Kuinka monta prosenttia 10 000 satunnaisen polun"
        " keskiarvo poikkeaa siitä?"
    ),
    "d2bc5c81b3": """
Alle prosentin päähän.

Samat koepolut arvioivat jokaisen syvyyden, ja kunkin pelin
*lopussa* olevat tulot arvioivat kokonaisten pelien määrän:
""",
    "500c115116": """
Kvanttiristinollassa on siis karkeasti **kaksikymmentä biljoonaa** (2 × 10¹³) erilaista peliä, jos
peli on koko toimintojen jono romahdusvalinnat mukaan lukien. Tavallisessa
ristinollassa niitä on 255 168.

Goffin artikkeli (A. Goff, “Quantum tic-tac-toe: A teaching metaphor for superposition in quantum mechanics”, *Am. J. Phys.* **74**, 962–973 (2006), doi:10.1119/1.2213635) antaa karkeamman luvun, ”about 9!²” (noin 9!²),
arviona eikä laskettuna. Yllä olevat koepolut laskevat jokaisen toiminnon, romahdusvalinnat
mukaan lukien, ja päätyvät noin sata kertaa suurempaan lukuun.
""",
    "ff552e90dc": """
### Tehtävä 06-4

Laske Goffin luku 9!² (käytä funktiota `math.factorial`).
""",
    "553cc61e12": stuck("06-4"),
    "09a64f9685": """
## 4. Minimax

Minimax vastaa kysymykseen ”kuka voittaa, jos kumpikin pelaa täydellisesti?” yksinkertaisella rekursiolla.
Päättyneen pelin arvo on +1, jos X voitti, −1, jos O voitti, ja 0 tasapelissä. Muuten
toimintavuorossa oleva valitsee parhaan lapsiaseman: X suurimman arvon, O pienimmän. (Romahduksen
valitsija on myös ”toimintavuorossa”.) Koska asemat ovat muuttumattomia ja hajautettavia (hashable),
`cache` muistaa jokaisen jo ratkaistun aseman: toista siirtojärjestystä pitkin uudelleen
saavutettu asema haetaan muistista eikä sitä etsitä uudelleen.
""",
    "7eb5e5ff7f": """
Kokeile sitä muistikirjan 05 pulmaan 2 (X:n on tehtävä siirto 7). Siirrosta 7 eteenpäin puu on pieni.
""",
    "a9b0dffb9f": """
Noin 1 400 asemaa ratkaistu, ja yli puolet hakuun tulleista asemista oli jo
välimuistissa. Tyhjältä laudalta aloitettaessa tämä pelkkä minimax joutuisi käymään läpi suuren osan
10¹³ pelistä: toivotonta. Materiaalin ratkaisija (`qttt_edu.solver`) lisää neljä ideaa,
jotka on kuvattu sen moduulin ohjetekstissä:

- **karsinta:** kun yksi voittava siirto on löytynyt, muita ei tarvitse tutkia (se
  kysyy kyllä/ei-kysymyksiä, kuten ”voiko X pakottaa vähintään tasapelin?”);
- **transpositiotaulu** kuten yllä oleva välimuisti, tiiviillä avaimilla;
- **symmetria:** aseman kaikki symmetriset versiot jakavat taulussa yhden rivin;
- **siirtojen järjestys:** silmukan sulkevat siirrot ensin, koska niiden romahdukset päättävät
  pelin usein heti.

Se päätyy samaan tulokseen kuin oma minimaximme:
""",
    "963713f8fb": """
## 5. Onko pisteytyksellä väliä?

Muistikirjassa 04 tutustuttiin kolmeen tapaan pisteyttää peli. Ne eroavat vain, kun yksi romahdus antaa
suoran kummallekin pelaajalle:

- **seed**, näytöllä *ensimmäinen suora* (materiaalin sääntö): aiempi suora voittaa. Arvot +1, 0, −1.
- **complete**, näytöllä *kaksi suoraa = tasapeli*: tällainen romahdus on tasapeli.
- **goff**, näytöllä *Goffin pisteet*: Goffin pisteet (1 ja 1/2), X:n pisteet miinus O:n: 1, 1/2, 0, −1/2, −1.

Tässä on asema kolmen siirron jälkeen, tyhjältä laudalta alkavan täydellisen pelin alku
materiaalin säännöllä. O:n on tehtävä siirto 4.
""",
    "f60e45beea": predict("Antavatko kolme pisteytystä tässä saman arvon?"),
    "8db7876050": """
Materiaalin säännöllä X voittaa; jos samanaikaiset suorat olisivat tasapelejä, O pystyisi pitämään tasapelin;
ja Goffin pisteillä X voittaa puolella pisteellä. O:n paras puolustus tässä *on* siis samanaikainen
suora: O ei voi estää X:n suoraa, mutta voi täyttää oman suoransa samassa
romahduksessa, vain myöhemmin. Pisteytyssääntö ratkaisee, kuka voittaa täydellisesti pelatun pelin.

## 6. Täydellinen peli tyhjältä laudalta

Tyhjän laudan ratkaiseminen vie materiaalin ratkaisijalta minuutista kahteen pisteytystä kohti
kannettavalla tietokoneella, mikä on liian kauan oppitunnille, joten tässä ovat tulokset tallennettuina lukuina.
Kuka tahansa voi toistaa ne (alla oleva komento tulostaa arvon, päämuunnelman ja tutkittujen
solmujen määrän):

```
python -c "from qttt_edu import Position; from qttt_edu.solver import solve; print(solve(Position(), 'seed'))"
```

(korvaa `'seed'` sanalla `'complete'` tai `'goff'` muita pisteytyksiä varten).

| pisteytys | arvo täydellisellä pelillä | merkitys | eräs paras ensimmäinen siirto | eräs täydellisen pelin kulku |
|---|---|---|---|---|
| seed | +1 | **X voittaa** | `1-9` | `1-9 1-2 1-3 1-2 c1 4-5 4-5 c4 6-7 6-7 c6` |
| complete | 0 | **tasapeli** | `1-2` | `1-2 1-3 1-4 1-5 1-7 1-3 c1 6-9 6-8 6-8 c6` |
| goff | +1/2 | **X voittaa puolella pisteellä** | `1-9` | `1-9 1-3 1-3 c1 5-7 5-7 c7 2-8 2-4 2-4 c2` |

Täydellisen pelin kulut ovat pelimerkintöjä, joten ne voi pelata uudelleen: kukin päättyy
arvonsa mukaisesti (suora vain X:lle; täysi lauta; X:n suora ensin ja O:n myöhemmin samassa
romahduksessa).
""",
    "fea74ea3a9": """
Mitä tämä kertoo:

- **Aloittaja voittaa** materiaalin säännöllä: X:llä on strategia, joka voittaa
  mitä tahansa puolustusta vastaan, joten mikään puolustus ei auta O:ta. (Muistikirjan 05
  satunnaisten pelaajien ottelu vihjasi jo aloittajan suuresta edusta.)
- **O:n paras puolustus on samanaikainen suora.** Goffin pisteillä O saa silti 1/2
  täydellistä peliä vastaan, ja jos samanaikaiset suorat laskettaisiin tasapeleiksi, peli päättyisi
  tasapeliin. Pelin arvo riippuu aiemman suoran säännöstä.
- **Ensimmäisellä siirrolla on valtava merkitys.** Materiaalin säännöllä ratkaisijan analyysi
  kaikista ensimmäisistä siirroista löytää täsmälleen kaksi voittavaa, `1-9` ja `3-7`: pari kahdessa
  vastakkaisessa kulmassa, yksi yllä olevista kahdeksasta perheestä. Jokainen muu ensimmäinen siirto,
  myös keskiruudun kautta kulkevat parit, antaa O:n pitää tasapelin. (Toistaminen vie noin neljä minuuttia:
  `analyse(Position(), "seed")`.)

Ratkaisijan vastaus yllä olevalle asemalle sisältää jo seed-kulun loput:
kolmen ensimmäisen siirron jälkeen täydellinen peli jatkuu näin (vaikea työ on lähellä
juurta, minkä vuoksi kolmen siirron päästä ratkaiseminen vie vain sekunnin).
""",
    "64eafddfa1": """
## Yhteenveto

- perft(n) laskee n puolisiirron syvyiset siirtojonot; kun laskeminen ei enää onnistu, Knuthin satunnaiset koepolut arvioivat puun.
- Laudan symmetriat ryhmittelevät X:n ensimmäiset siirrot muutamaan lajiin.
- Välimuistilla varustettu minimax ratkaisee loppuvaiheen asemat silmänräpäyksessä; materiaalin ratkaisija lisää karsinnan, symmetrian ja siirtojen järjestyksen ja ratkaisee tyhjän laudan minuutissa tai kahdessa.
- Täydellisellä pelillä X voittaa materiaalin säännöllä, saa tasapelin, jos samanaikaiset suorat ovat tasapelejä, ja voittaa 1/2 pisteellä Goffin pisteytyksellä; vain ensimmäinen siirto kahteen vastakkaiseen kulmaan voittaa, jokainen muu ensimmäinen siirto johtaa tasapeliin.

## Mitä seuraavaksi

Jatka muistikirjaan **[07 · Vertauskuva ja fysiikka](07_metaphor_and_physics.fi.ipynb)**. Viimeinen pysäkki: mitä peli opettaa todellisesta kvanttimekaniikasta ja mitä se ei voi opettaa.
""",
}

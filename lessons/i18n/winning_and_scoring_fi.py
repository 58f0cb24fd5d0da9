"""Finnish notebook 04 (winning and scoring): translations of the English cells."""

from common_fi import G, predict, stuck

CODE = [
    ("# the only legal move", "# ainoa sallittu siirto"),
    ("# ← your prediction, e.g.", "# ← ennustuksesi, esim."),
    ('"yes" or "no"', '"kyllä" tai "ei"'),
    ('"X" or "O"', '"X" tai "O"'),
    ("# ← replace ... with your answer", "# ← korvaa ... vastauksellasi"),
    # Yes/no and "nothing yet" are printed as words, never as Python's True/False/None.
    (
        'print("game over:", rows.is_over)',
        'print("peli päättynyt:", "kyllä" if rows.is_over else "ei")',
    ),
    ('"classical marks:"', '"klassiset merkit:"'),
    ('"winner:"', '"voittaja:"'),
    (
        'line.player, "line", line.squares, "completed by move", line.highest',
        'f"{line.player}:n suora", line.squares, "valmistui siirrolla", line.highest',
    ),
    ("# take back the collapse c9", "# perutaan romahdus c9"),
    ("# O puts X7 in square 8 instead", "# O laittaakin X7:n ruutuun 8"),
    (
        'print("outcome:", other.outcome)',
        'print("lopputulos:", "ei vielä, peli jatkuu" if other.outcome is None else other.outcome)',
    ),
    (
        'line.player, "line", line.squares, "highest move", line.highest',
        'f"{line.player}:n suora", line.squares, "suurin siirron numero", line.highest',
    ),
    ('"example 4:"', '"esimerkki 4:"'),
    ('"O\'s column game:"', '"O:n sarakepeli:"'),
    ('complete = "draw" if', 'complete = "tasapeli" if'),
    (
        "{out.result:>{width[0]}}",
        "{'tasapeli' if out.result == 'draw' else out.result:>{width[0]}}",
    ),
    ('"O\'s column": o_wins', '"O:n sarake": o_wins'),
    ('"another": Game', '"toinen peli": Game'),
    ('"example 4": example4', '"esimerkki 4": example4'),
    ("{'game':12}", "{'peli':12}"),
    ('"legal:"', '"sallitut:"'),
    ('"wins with"', '"voittaa suoralla"'),
    ("# codes 1-9 are the classical ninth move", "# koodit 1-9 ovat klassinen yhdeksäs siirto"),
    (
        '"single-square moves seen at move numbers:"',
        '"yhden ruudun siirtoja nähtiin siirroilla:"',
    ),
    (
        'print("games ended by the ninth move:", ended_by_ninth > 0)',
        'print("yhdeksäs siirto päätti pelejä:", "kyllä" if ended_by_ninth > 0 else "ei")',
    ),
]


MARKDOWN = {
    "9273eb923d": """
# 04 · Voitto ja pisteet

*Kvanttiristinolla, oppilaan polku, muistikirja 04/07 (suomenkielinen versio).*
[Avaa tämä muistikirja Binderissä](https://mybinder.org/v2/gh/qttt-edu/qttt-edu/HEAD?labpath=notebooks/i18n/04_winning_and_scoring.fi.ipynb) (toimii selaimessa, mitään ei tarvitse asentaa).

**Tämän muistikirjan jälkeen osaat**

- päätellä, kuka on voittanut asemassa, pelkkien klassisten merkkien perusteella;
- soveltaa aiemman suoran sääntöä, kun yksi romahdus antaa suoran kummallekin pelaajalle;
- laskea Goffin julkaisemat pisteet ja kertoa, miten ne eroavat tämän materiaalin yhdestä tuloksesta;
- tunnistaa X:n yhdeksännen siirron ja selittää, miksi se voi tulla vain siirrolla 9.

**Ennen kuin aloitat:** muistikirja [03 · Mittaus ja romahdus](03_measurement_and_collapse.fi.ipynb) (mitä romahdus tekee). Pythonia ei tarvita, kunhan osaat suorittaa soluja.

**Aika:** noin 60 minuuttia (tehtävät mukaan lukien), joista 10 luvun 7 peliin. Jos aika loppuu, pelaa se peli (tehtävä 04-4) kotona tai seuraavan tunnin alussa.
""",
    "6df7bcdb2d": """
## Valmistelut

Suorita alla oleva solu (napsauta sitä ja paina **Shift+Enter**). Se lataa sääntömoottorin
ja tehtävien tarkistajan. *Pelimerkinnästä*, kuten `"1-2 1-2 c1"`, rakennettu `Game`
piirtää itsensä, kun se on solun viimeisellä rivillä.
""",
    "ed1013f1d3": f"""
## 1. Vain klassiset merkit lasketaan

Alla olevassa asemassa X on tehnyt kolme siirtoa, `4-7`, `5-8` ja `6-9`: keskimmäisen rivin
*ja* alimman rivin jokaisessa ruudussa on X:n [aavemerkki]({G}#spooky-mark).
""",
    "8f758572ec": predict("Onko X voittanut, eli onko peli päättynyt?"),
    "f13e4fdb56": f"""
Suora on rivi, sarake tai lävistäjä, jonka kolmessa ruudussa on saman pelaajan
[klassiset merkit]({G}#classical-mark). Aavemerkki ei ole vielä varmasti
missään, joten aavemerkit eivät koskaan muodosta suoraa, vaikka niitä olisi kuinka monta
rivissä. Mikään ei ole vielä klassista, joten kenelläkään ei ole suoraa. X:n merkit voivat vielä
päätyä kaikki alimmalle riville tai kaikki keskimmäiselle tai jakautua niiden kesken: peli ei
voi tietää sitä ennen kuin merkit romahtavat. Peli päättyy vasta, kun romahdus jättää laudalle
vähintään yhden suoran tai kun kaikki yhdeksän ruutua ovat klassisia.

## 2. Suora ja pelin loppu

Tässä on lyhyt peli. X:n seitsemäs siirto `8-9` osuu samoihin kahteen ruutuun kuin O6 ja
sulkee silmukan. O on valitsija, laittaa X7:n ruutuun 9, ja koko ryhmä romahtaa.
""",
    "289c352e65": """
Pelin `outcome` kertoo, kuka voitti ja millä suoralla. Jokaisella suoralla on
**suurin siirron numero**: siirto, joka sen täytti.
""",
    "06a026063c": """
O:lla oli valinta, ja O valitsi hyvin. Perutaan romahdus ja annetaan O:n valita X7:lle
toinen ruutu:
""",
    "655444c71a": """
Kun X7 on ruudussa 8, O6 työntyy ruutuun 9, eikä kenelläkään ole suoraa: peli jatkuu.
Sulkemalla silmukan X antoi valinnan O:lle, ja O käytti sen täyttääkseen sarakkeen 2-5-8.
Muistikirjassa 05 opit huomaamaan tällaiset ansat ennen kuin astut niihin.

## 3. Kun yksi romahdus antaa suoran *kummallekin* pelaajalle

Romahdus ratkaisee monta merkkiä kerralla, joten se voi täyttää X:n suoran ja O:n suoran
samalla hetkellä. Kumpi lasketaan? Tämän materiaalin sääntö:

> Katso kunkin suoran suurin siirron numero. Voittaa pelaaja, jonka suoran luku on
> pienin (suora valmistui ensin).

X:n siirtonumerot ovat parittomia ja O:n parillisia, joten tasatilannetta ei voi tulla. Tässä on
sääntöjen esimerkki 4:
""",
    "aeb090cd67": predict(
        "Laudalla on suora kummallakin pelaajalla. Etsi ne ja kummankin suoran suurin siirron"
        " numero. Kuka voittaa?"
    ),
    "804c7a5824": """
O:n rivi 7-8-9 oli valmis jo merkillä O8; X:n rivi 1-2-3 tarvitsi X9:n, joka tuli myöhemmin. Siis O
voittaa, vaikka X:n suora valmistui samassa romahduksessa. Suorat luetellaan
valmistumisjärjestyksessä, joten `outcome.lines[0]` on aina voittava suora.
""",
    "84419a9b87": """
### Tehtävä 04-1

Tämä peli päättyy romahdukseen, joka antaa suoran kummallekin pelaajalle:
`1-2 6-9 4-5 8-9 7-9 2-7 4-6 5-8 c5`. Rakenna peli seuraavassa solussa, katso
lautaa ja päättele, **kuka voittaa** (`"X"`, `"O"` vai `"tasapeli"`), tulostamatta
lopputulosta. Tarkista sitten.
""",
    "02cc335120": stuck("04-1"),
    "9bb83073b1": """
## 4. Goffin julkaisemat pisteet

Goffin artikkelissa (A. Goff, “Quantum tic-tac-toe: A teaching metaphor for superposition in quantum mechanics”, *Am. J. Phys.* **74**, 962–973 (2006), doi:10.1119/1.2213635) peli pisteytetään yhden tuloksen sijaan:

| mitä tapahtui | voittaja | toinen pelaaja |
|---|---|---|
| vain yksi pelaaja täyttää suoran | 1 | 0 |
| yksi romahdus antaa suoran kummallekin pelaajalle | 1 aiemmasta suorasta | 1/2 myöhemmästä suorasta |
| tasapeli (lauta täynnä, ei suoraa) | 0 | 0 |

Kaksi saman pelaajan suoraa antaa silti 1 pisteen (artikkeli pohtii kaksoissuoralle 1½ tai 2
pistettä; tämä materiaali ei pisteytä niin). Materiaalin oletus on yksi tulos
(voitto, tappio tai tasapeli); Goffin pisteet ovat mukana oppitunnin ja muistikirjan 06
ratkaisijan vuoksi. `outcome.scores` antaa ne.
""",
    "61926c0fbf": """
### Tehtävä 04-2

Mitkä ovat Goffin pisteet **tehtävän 04-1 pelissä**? Vastaa sanakirjana, kuten `{"X": 1, "O": 0}`,
tai kahtena lukuna, X ensin.
""",
    "40edbaf327": stuck("04-2"),
    "180e76f08c": """
### Kolme tapaa pisteyttää samat pelit

Muistikirjan 06 ratkaisija tuntee kolme pisteytystä. Ne antavat saman tuloksen kaikissa peleissä paitsi
niissä, joissa yksi romahdus antaa suoran kummallekin pelaajalle:

- **seed**, näytöllä *ensimmäinen suora* (materiaalin oletus): aiempi suora voittaa; yksi tulos;
- **complete**, näytöllä *kaksi suoraa = tasapeli*: romahdus, joka antaa suoran kummallekin pelaajalle, lasketaan tasapeliksi;
- **goff**, näytöllä *Goffin pisteet*: Goffin pisteet, 1 ja 1/2.

Alla oleva solu asettaa tämän muistikirjan pelit rinnakkain.
""",
    "be56388815": """
## 5. Kaksi suoraa samalle pelaajalle

Yksi siirto voi täyttää kaksi saman pelaajan suoraa. Se on silti yksi voitto ja
Goffin pisteytyksessä yksi piste. Tässä pelissä X:n viimeinen merkki päätyy keskelle:
""",
    "a8018d7750": """
## 6. Yhdeksäs siirto

Katso pelimerkinnän viimeistä osaa: yksinäinen `5`, ei pari. Kun O:n siirto 8 oli
romahtanut, vain ruutu 5 oli vapaana. Aavemerkkipari tarvitsee kaksi vapaata ruutua, joten
X:n yhdeksäs siirto on yksi tavallinen klassinen merkki.

Tässä on toinen peli siirron 8 jälkeen (pelimerkintä päättyy ennen X:n viimeistä siirtoa):
""",
    "490274f17c": """
### Tehtävä 04-3

Mihin X:n yhdeksäs siirto menee tässä pelissä? Vastaa ruudun numerolla.
""",
    "f39ec638af": stuck("04-3"),
    "5e15841264": """
Annetaan nyt sääntömoottorin luetella sallitut siirrot ja pelata yhdeksäs siirto.
""",
    "23c6179825": """
### Miksi vain siirrolla 9?

Lasketaan. Ennen siirtoa *n* on tehty *n* − 1 merkkiä, ja jokainen klassinen merkki täyttää
ruudun. Vapaita ruutuja on siis 9 − (klassiset merkit) = 10 − *n* + (aavemerkit),
vähintään 10 − *n*. Yksi ainoa vapaa ruutu vaatii, että 10 − *n* ≤ 1: siirto 9, eikä
aavemerkkejä ole jäljellä.

Entä jos siirrolla 9 vapaana on kaksi tai useampia ruutuja? Silloin *s* aavemerkkiä on *s* + 1
vapaassa ruudussa. Ne muodostavat metsän (jokainen silmukka on romahtanut), ja metsä, jossa on
yksi särmä vähemmän kuin ruutuja, on yksi puu, joka yhdistää ne kaikki. Siis mikä tahansa X:n
pari yhdistää kaksi jo yhteydessä olevaa ruutua: se sulkee silmukan, ja O:n valinta täyttää
laudan.

Päättelyyn ei tarvitse luottaa sokeasti, vaan sen voi testata: pelataan monta satunnaista peliä
ja kirjataan siirtonumerot, joilla sääntömoottori ylipäätään tarjosi yhden ruudun siirtoa.
""",
    "4f543c35b4": predict(
        "Millä siirtonumeroilla yhden ruudun siirto esiintyy 2 000 satunnaisessa pelissä?"
    ),
    "c5c147a758": """
2 000 peliä ei todista sääntöä, mutta yllä oleva päättely todistaa sen; pelit testaavat päättelyä.
Jos yhden ruudun siirto olisi koskaan ilmestynyt ennen siirtoa 9, päättely olisi väärä.

## 7. Oma peli

Pelaa nyt kokonainen peli loppuun asti vierustoveria tai tietokonetta vastaan (valitse
vastustaja sovelluksen valikosta). Kysy itseltäsi ennen jokaista siirtoa, sulkeeko se
silmukan ja kuka silloin valitsee.
""",
    "69c7f9e3a3": """
### Tehtävä 04-4

Anna tarkistajalle **juuri pelaamasi pelin** pelimerkintä, loppuun pelattuna (suora tai
täysi lauta). Valmiiksi kirjoitettu rivi lukee sen sovelluksesta; jos pelasit paperilla, kirjoita
oma pelimerkintäsi sen tilalle. Tarkistaja pelaa sen uudelleen sääntömoottorilla. Kerro sitten,
kuka voitti, millä suoralla ja mikä siirto sen täytti, ja tarkista komennolla
`Game.from_record(answer).outcome`.
""",
    "31a527f5f8": stuck("04-4"),
    "420c74a058": """
## Yhteenveto

- Vain klassiset merkit muodostavat suoria; aavemerkit rivissä eivät vielä merkitse mitään.
- Peli päättyy, kun romahdus jättää laudalle suoran tai kun lauta on täynnä klassisia merkkejä (tasapeli, jos suoraa ei ole).
- Jos yksi romahdus antaa suoran kummallekin pelaajalle, voittaa suora, jonka suurin siirron numero on pienempi (materiaalin sääntö).
- Goffin pisteet: 1 suorasta; 1 ja 1/2, kun yksi romahdus antaa suoran kummallekin pelaajalle; tasapelissä kummallekin 0.
- X:n yhdeksäs siirto on yksi klassinen merkki, kun vapaana on vain yksi ruutu, ja näin voi käydä vain siirrolla 9.

## Mitä seuraavaksi

Jatka muistikirjaan **[05 · Strategia](05_strategy.fi.ipynb)**. Siinä käytät oppimaasi pelataksesi hyvin: tietokonepelaajat, ansat ja turnaus omalle pelaajallesi.
""",
}

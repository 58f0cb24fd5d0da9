"""Finnish notebook 05 (strategy): translations of the English cells, keyed by fingerprint."""

from common_fi import predict, stuck
CODE = [
    (
        '# time_limit=None: these games measure who plays better, so none is lost on time',
        '# time_limit=None: nämä pelit mittaavat, kumpi pelaa paremmin, joten mitään peliä ei hävitä ajan takia',
    ),
    ("# ← your prediction, e.g.", "# ← ennustuksesi, esim."),
    ('"yes" or "no"', '"kyllä" tai "ei"'),
    ('"X", "O" or "draw"', '"X", "O" tai "tasapeli"'),
    ('"50 %" or 0.5', '"50 %" tai 0.5'),
    ("# ← replace ... with your answer", "# ← korvaa ... vastauksellasi"),
    ('"X\'s legal moves:"', '"X:n sallitut siirrot:"'),
    ('or "(none)"', 'or "(ei yhtään)"'),
    ('"classical marks:"', '"klassiset merkit:"'),
    ('{1: "X", 0: "draw", -1: "O"}', '{1: "X", 0: "tasapeli", -1: "O"}'),
    (
        '"value for X:", result.value, "  perfect play goes on:"',
        '"arvo X:lle:", result.value, "  täydellinen peli jatkuu:"',
    ),
    (
        '"X wins", match.x_wins, " O wins", match.o_wins, " draws", match.draws',
        '"X voitti", match.x_wins, " O voitti", match.o_wins, " tasapelejä", match.draws',
    ),
    (
        '"""A 95 % confidence interval for a chance seen `count` times in `games` games."""',
        '"""95 %:n luottamusväli todennäköisyydelle, joka nähtiin `count` kertaa `games` pelissä."""',
    ),
    (
        'f"{percent(share)} (95 % interval {percent(max(share - margin, 0))} to {percent(min(share + margin, 1))})"',
        'f"{percent(share)} (95 %:n luottamusväli {percent(max(share - margin, 0))}–{percent(min(share + margin, 1))})"',
    ),
    ('print("X wins", interval(', 'print("X voittaa", interval('),
    ('print("O wins", interval(', 'print("O voittaa", interval('),
    (
        'f"{x.name:>9} (X) vs {o.name:<9} (O): heuristic wins"',
        'f"{x.name:>13} (X) – {o.name:<13} (O): nyrkkisääntöpelaaja voittaa"',
    ),
    (
        'f"{x.name} (X) vs {o.name} (O): {game.outcome.result:>4}   {game.record()}"',
        "f\"{x.name} (X) – {o.name} (O): {'tasapeli' if game.outcome.result == 'draw'"
        " else game.outcome.result + ' voitti':>8}   {game.record()}\"",
    ),
    (
        '"""Take an action that wins at once if there is one; otherwise play at random."""',
        '"""Valitse heti voittava toiminto, jos sellainen on; muuten pelaa satunnaisesti."""',
    ),
    ("# puzzle 1: does it find the win?", "# pulma 1: löytääkö se voiton?"),
    ('"""My strategy: ... (describe it here)."""', '"""Strategiani: ... (kuvaile se tähän)."""'),
    ("# ← replace with your own ideas", "# ← korvaa omilla ideoillasi"),
    (
        '"""Turn a function position -> action into a player for play_match."""',
        '"""Tekee funktiosta asema -> toiminto pelaajan play_match-funktiota varten."""',
    ),
    (
        '"random": RandomPlayer(),\n    "heuristic": HeuristicPlayer(),\n'
        '    "greedy": FunctionPlayer(greedy_player, "greedy"),\n'
        '    "mine": FunctionPlayer(my_player, "mine"),',
        '"satunnainen": RandomPlayer(),\n    "nyrkkisäännöt": HeuristicPlayer(),\n'
        '    "ahne": FunctionPlayer(greedy_player, "ahne"),\n'
        '    "oma": FunctionPlayer(my_player, "oma"),',
    ),
    (
        "# per pairing and colour; more games give fairer results",
        "# kullekin parille ja värille; useampi peli antaa reilumman tuloksen",
    ),
    ('f"{rank}. {name:10} {number(score, 1):>5} points"', 'f"{rank}. {name:14} {number(score, 1):>5} pistettä"'),
]


MARKDOWN = {
    "d5f6ad4385": """
# 05 · Strategia

*Kvanttiristinolla, oppilaan polku, muistikirja 05/07 (suomenkielinen versio).*
[Avaa tämä muistikirja Binderissä](https://mybinder.org/v2/gh/qttt-edu/qttt-edu/HEAD?labpath=notebooks/i18n/05_strategy.fi.ipynb) (toimii selaimessa, mitään ei tarvitse asentaa).

**Tämän muistikirjan jälkeen osaat**

- pelata tietokonetta vastaan kolmella vaikeustasolla ja kuvata, miten nyrkkisääntöpelaaja päättää siirtonsa;
- huomata, milloin silmukan sulkeminen antaa vastustajalle voittavan valinnan;
- ratkaista pulma-asemia: voittava romahdus ja siirrot, jotka häviävät heti;
- kertoa, kuinka varma monen pelin tulos on (95 %:n luottamusväli);
- kirjoittaa oman pelaajasi Python-funktiona ja ilmoittaa sen luokan turnaukseen.

**Ennen kuin aloitat:** muistikirjat [03](03_measurement_and_collapse.fi.ipynb) ja [04](04_winning_and_scoring.fi.ipynb) (romahdukset, suorat). Viimeiseen osaan: vähän Pythonia (funktio, `if`, `for`-silmukka).

**Aika:** noin 80 minuuttia, kaksi oppituntia: luvut 1–3, sitten 4–5 ja turnaus (tehtävät mukaan lukien).
""",
    "a7dada409d": """
## 1. Kolme tietokonevastustajaa

Materiaalissa on kolme tietokonepelaajaa:

- **satunnainen** (`random`) valitsee minkä tahansa sallitun toiminnon. Helppo voittaa ja hyödyllinen mittatikku.
- **nyrkkisäännöt** (`heuristic`): pelaaja noudattaa neljää sääntöä, joita ihminenkin voi noudattaa käsin (alla).
  Se katsoo vain yhden siirron eteenpäin.
- **täydellinen** (`perfect`) pelaa parhaan toiminnon muistikirjan 06 tarkan ratkaisijan mukaan. Se
  ei koskaan ohita voittoa, ja kun sen on hävittävä, se tekee voittosi mahdollisimman vaikeaksi.

Pelaa muutama peli kutakin vastaan. Valitse vastustaja sovelluksen valikosta tai käynnistä
sovellus valmiiksi jonkin vastustajan kanssa:
""",
    "06cc195441": """
### Miten nyrkkisääntöpelaaja päättää

Joka vuorolla se käy läpi tämän listan ja pysähtyy ensimmäiseen sääntöön, joka ratkaisee:

1. **Romahduksen valinta:** ota ruutu, joka antaa minulle voittavan suoran; muuten vältä
   ruutua, jolla vastustaja voittaa; muuten rakenna omia suoriani.
2. **Voita silmukalla:** sulje silmukka, jos vastustajan *kumpikin* valinta antaa minulle
   voittavan suoran.
3. **Älä anna voittoa:** jätä pois jokainen pari, jonka jälkeen vastustaja voi voittaa
   heti.
4. **Rakenna suoria:** suosi ruutuja, jotka ovat monella sellaisella suoralla, jota vastustaja ei ole tukkinut
   (keskiruutu on 4 suoralla, kulma 3:lla, reuna 2:lla), ja laske kahteen kertaan ne suorat,
   joilla minulla on jo klassisia merkkejä.

Se osaa perustella valintansa. Tässä siltä kysytään kahdesta mahdollisesta ensimmäisestä siirrosta:
""",
    "dceb081900": """
## 2. Silmukan sulkeminen luovuttaa valinnan

Pelin tärkein strateginen ajatus: **pelaaja, joka sulkee silmukan, ei valitse, miten se
romahtaa, vaan vastustaja valitsee.** Silmukan sulkeminen on kuin esittäisi vastustajalle
kysymyksen, johon on kaksi vastausta. Jos toinen vastauksista on hänelle hyvä, hän
valitsee sen.

Muista O:n voitto muistikirjasta 04: X:n seitsemäs siirto `8-9` sulki silmukan O6:n kanssa, ja O
valitsi romahduksen, joka täytti O:n sarakkeen.

### Pulma 1: voittava romahdus

Tässä asemassa O:n siirto 6 (`4-7`) on sulkenut silmukan, joten X on valitsija.
""",
    "bf1c2f83af": """
### Tehtävä 05-1

Mihin X:n pitäisi laittaa O6, ruutuun 4 vai ruutuun 7? Toinen valinta voittaa heti. Seuraa
kummankin ketjureaktiota paperilla (tai funktiolla `qttt_edu.graph.cascade`) ja vastaa
ruudun numerolla.
""",
    "04ce129de4": stuck("05-1"),
    "cbf8f3d608": """
### Pulma 2: siirrot, jotka häviävät heti

Tässä X:n on tehtävä siirto 7. Osa X:n pareista sulkee silmukan, ja ainakin yksi niistä
antaa O:n valita romahduksen, joka täyttää O:n suoran.
""",
    "f4b3ef9386": """
### Tehtävä 05-2

Luettele **kaikki** X:n siirrot, jotka häviävät heti (joiden jälkeen O voi valita romahduksen, joka
täyttää O:n suoran). Anna ne listana, kuten `["1-2", "3-4"]`.
""",
    "d29c356c5c": stuck("05-2"),
    "c252d5ff05": """
Nyrkkisääntöpelaajan sääntö 3 huomaa juuri nämä siirrot. Kysy siltä:
""",
    "e9c52ea845": """
Ratkaisija näkee pidemmälle kuin yhden siirron. `analyse` antaa jokaisen sallitun toiminnon arvon,
kun siitä eteenpäin pelataan täydellisesti (X:n näkökulmasta: +1 X voittaa, 0 tasapeli, −1 O voittaa):
""",
    "23e412d1c5": predict(
        "Ovatko kaikki siirrot häviäviä lukuun ottamatta X:lle voittoja täydellisellä pelillä?"
    ),
    "3b05cdb2fa": """
Eivät läheskään. Vain kolme siirtoa voittaa X:lle mitä tahansa puolustusta vastaan (niiden joukossa `4-6`,
jonka nyrkkisääntöpelaaja löysi: se sulkee silmukan, jonka kumpikin romahdus antaa X:lle
suoran), kolme johtaa tasapeliin ja yhdeksän häviää: ne kaksi, jotka häviävät heti, ja seitsemän muuta,
jotka häviävät muutaman siirron päästä. Yhden siirron ennakointi huomaa vain ensimmäisen lajin.

### Goffin kuva 9: arvioi avaus

Goffin artikkeli (A. Goff, “Quantum tic-tac-toe: A teaching metaphor for superposition in quantum mechanics”, *Am. J. Phys.* **74**, 962–973 (2006), doi:10.1119/1.2213635) näyttää tämän avauksen. O6 sulkee silmukan, X valitsee `c9`, ja kaikista
kuudesta merkistä tulee klassisia kerralla:
""",
    "3a419fa14f": """
Lue tulos tavallisena pelinä siirtojen järjestyksessä: X ruutuun 3, O ruutuun 7, X ruutuun 5, O ruutuun 1,
X ruutuun 6, O ruutuun 9.
""",
    "d137b6c100": predict(
        "X:n on tehtävä siirto 7. Kuka voittaa tästä, kun kumpikin pelaa täydellisesti?"
    ),
    "f06d849016": """
Tavallisena pelinä siirrot näyttävät päämäärättömiltä: X:n toinen merkki ei uhkaa mitään, mihin O:n
pitäisi vastata, ja O jättää rivin 4-5-6 auki. Mutta kukaan ei valinnut niitä ruutuja yksi kerrallaan:
yksi ainoa romahdus asetti ne kaikki, ja X valitsi sen. Goffin ajatus: kvanttiristinollassa
siirtoa arvioidaan niiden romahdusten perusteella, jotka se tekee mahdollisiksi, ei niiden
ruutujen, jotka se veisi tavallisessa pelissä.

## 3. Tietokone tietokonetta vastaan

*Ottelu* on monta peliä kahden pelaajan välillä. `play_match` pelaa ne ja laskee
tulokset; `seed`-siemenluvun kanssa koko ottelun voi toistaa täsmälleen samanlaisena.
""",
    "a1c08d6a15": predict(
        "Kaksi satunnaista pelaajaa pelaa 1 000 peliä. Kuinka suuren osan niistä X, joka"
        " aloittaa, voittaa?"
    ),
    "9c1a78a30e": """
(Tässä arvaus, joka osuu 5 prosenttiyksikön päähän, lasketaan oikeaksi.)

### Kuinka varma monen pelin tulos on?

Jos pelaat toiset 1 000 peliä, X:n osuus on hieman erilainen: *n* pelin osuus
heittelee todellisen todennäköisyyden *p* ympärillä noin √(*p*(1 − *p*)/*n*):n verran; tämä on
**keskivirhe**. 95 %:ssa toistoista osuus on enintään noin kahden keskivirheen päässä
*p*:stä. Käännettynä tämä antaa **95 %:n luottamusvälin**: ne todennäköisyydet, jotka sopivat
havaintoihimme. Alla oleva solu laskee sen; käytä sitä aina, kun väite perustuu
satunnaisesti pelattuihin peleihin.
""",
    "7496ed8235": """
Välit ovat kaukana toisistaan, joten aloittajan etu on todellinen eikä tuuria:
aloittaminen on suuri etu jopa pelaajalle, jolla ei ole mitään suunnitelmaa. Jokaisen siirtonsa
jälkeen X:llä on yksi merkki enemmän kuin O:lla, ja yhdeksäs siirto on X:n. Seuraavaksi nyrkkisääntöpelaaja
satunnaista vastaan, kummaltakin puolelta:
""",
    "8c35a8a8dd": """
Sata peliä kummallekin puolelle riittää tässä: välien alapäätkin ovat kaukana sen
yläpuolella, mihin satunnainen peli yltää. Jo yhden siirron ennakointi voittaa suunnitelmattoman pelin,
pelasipa se kummalla puolella tahansa.
""",
    "82f4e7cf8b": """
Entä täydellinen pelaaja nyrkkisääntöpelaajaa vastaan? Ratkaisijalta vie aikaa ratkaista peli
tyhjältä laudalta (muistikirja 06), joten nämä pelit alkavat kiinteästä avauksesta
`1-5 5-9 1-9 c1`: X1 keskellä, X3 kulmassa, O2 vastakkaisessa kulmassa. Täydellinen
peli tästä johtaa tasapeliin.
""",
    "98896650f2": """
## 4. Oma pelaajasi

Pelaaja on pelkkä funktio: se saa nykyisen **aseman** (`position`) ja palauttaa yhden
listan `position.legal_actions()` koodeista. Ne ovat pieniä kokonaislukuja: `15` on pari 1-5, `103`
romahdus ruutuun 3 ja `7` yhdeksäs siirto ruutuun 7; `Action(code)` muuttaa
koodin pelimerkinnän osaksi. Saman funktion on hoidettava kaikki kolme tilannetta:
parin asettaminen, romahduksen valinta ja yhdeksäs siirto.

Hyödyllisiä asioita, jotka asema tietää:

| lauseke | merkitys |
|---|---|
| `position.to_act` | `"X"` tai `"O"`: kuka toimii nyt (sinä) |
| `position.legal_actions()` | koodit, jotka saat palauttaa |
| `position.pending` | tosi (`True`), kun olet romahduksen valitsija |
| `position.child(code)` | asema koodin `code` jälkeen (eteenpäin katsomiseen) |
| `position.outcome` | `None` (ei tulosta vielä) tai tulos, kun peli on päättynyt (`.winner`) |
| `position.classical` | `{ruutu: "X3", ...}` |

Tässä on ensimmäinen pelaaja: se voittaa heti, kun voi, ja muuten pelaa satunnaisesti.
""",
    "b52ff1010e": """
Kirjoita nyt seuraavaan soluun **oma** pelaajasi. Aloita funktiosta `greedy_player` ja lisää yksi
idea kerrallaan. Ideoita:

- älä sulje silmukkaa, jos jokin vastustajan kahdesta valinnasta voittaa hänelle (katso kaksi
  askelta eteenpäin käyttämällä `position.child(...)` kahdesti);
- suosi keskiruutua ja kulmia;
- valitsijana suosi romahdusta, joka antaa sinulle enemmän klassisia merkkejä avoimille suorille.
""",
    "dc9e4175ad": """
### Tehtävä 05-3

Opeta pelaajallesi yllä oleva ensimmäinen idea: **älä koskaan anna vastustajalle voittoa, jonka
olisit voinut välttää.** Tarkistaja kokeilee pelaajaasi 300 asemassa, romahdusvalinnat
ja yhdeksännet siirrot mukaan lukien: sen on aina palautettava sallittu toiminto, ja aina kun
sillä on siirto, joka ei anna vastustajan valita voittavaa romahdusta, se ei saa pelata siirtoa,
joka antaa. (`greedy_player` ei läpäise tätä: se siirtää satunnaisesti.) Anna **itse funktio**
(ilman sulkeita).
""",
    "36798ab5a5": stuck("05-3"),
    "2d321196fb": """
## 5. Luokan turnaus

Alla oleva solu tekee funktioista pelaajia ja antaa jokaisen pelaajan kohdata jokaisen muun
sekä X:nä että O:na. Lisää luokkatovereidesi funktiot sanakirjaan `entries` (liitä ensin heidän
koodinsa johonkin yllä olevaan soluun), suorita solu ja vertailkaa taulukoita. Pisteet ovat Goffin pisteet: 1 voitosta, 1/2
myöhemmästä suorasta, kun romahdus antaa suoran kummallekin pelaajalle.
""",
    "9592dd245f": """
Miksi vahva pelaaja voi silti hävitä muutaman pelin satunnaista pelaajaa (`random`) vastaan? Montako peliä
tarvitaan, ennen kuin sijoitukseen voi luottaa? (Kokeile `GAMES = 50`.)
""",
    "4cf70ebc74": """
## Yhteenveto

- Silmukan sulkeminen antaa valinnan vastustajalle: tarkista kumpikin romahdus ennen kuin suljet silmukan.
- Valitsijana vertaa kumpaakin lopputulosta: toinen voi voittaa heti.
- Nyrkkisääntöpelaaja katsoo yhden siirron eteenpäin (voita, älä anna voittoa, rakenna suoria); täydellinen pelaaja etsii loppuun asti.
- Aloittamisella on väliä: vertaa X:n ja O:n osuuksia niiden 95 %:n luottamusväleineen, ennen kuin sanot etua todelliseksi.
- *n* pelin osuuden epävarmuus on noin ± 2√(*p*(1 − *p*)/*n*); kerro, kuinka varma simuloitu tulos on.
- Pelaaja on funktio asemasta sallittuun toimintoon; `play_match` pelaa reiluja turnauksia siemenluvun kanssa.

## Mitä seuraavaksi

Jatka muistikirjaan **[06 · Pelin ratkaiseminen](06_solving_the_game.fi.ipynb)**. Mistä täydellinen pelaaja tietää? Se käy läpi koko pelipuun: kuinka suuri puu on ja mitä se kertoo ensimmäisestä siirrosta.
""",
}

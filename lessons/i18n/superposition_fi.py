"""Finnish notebook 01 (superposition): translations of the English cells, keyed by fingerprint."""

from common_fi import G, predict, stuck

CODE = [
    ("# ← your prediction, e.g.", "# ← ennustuksesi, esim."),
    ('"1/4" or 0.25', '"1/4" tai 0.25'),
    ("# ← replace ... with your answer", "# ← korvaa ... vastauksellasi"),
    (
        "\"\"\"Print classical boards side by side; '.' is an empty square.\"\"\"",
        "\"\"\"Tulostaa klassiset laudat rinnakkain; '.' on tyhjä ruutu.\"\"\"",
    ),
    ('"realities")', '"todellisuutta")'),
    ('"separate groups:"', '"erilliset ryhmät:"'),
]


MARKDOWN = {
    "084877eecf": """
# 01 · Superpositio

*Kvanttiristinolla, oppilaan polku, muistikirja 01/07 (suomenkielinen versio).*
[Avaa tämä muistikirja Binderissä](https://mybinder.org/v2/gh/qttt-edu/qttt-edu/HEAD?labpath=notebooks/i18n/01_superposition.fi.ipynb) (toimii selaimessa, mitään ei tarvitse asentaa).

**Tämän muistikirjan jälkeen osaat**

- kertoa, mitä aavemerkkien pari tarkoittaa: yksi merkki kahden ruudun superpositiossa;
- luetella *todellisuudet* (klassiset laudat), joita asema edustaa, ja laskea ne;
- laskea tapahtuman todennäköisyyden Goffin yhtä suurilla painoilla;
- lukea ketiksi kirjoitetun aseman ja ymmärtää, miksi erilliset siirrot kerrotaan keskenään.

**Ennen kuin aloitat:** muistikirja [00 · Aloita tästä](00_start_here.fi.ipynb): olet pelannut yhden pelin. Fysiikkaa ei tarvita.

**Aika:** noin 35 minuuttia (tehtävät mukaan lukien).
""",
    "49bcb1796e": """
Tämä muistikirja seuraa Goffin artikkelin ensimmäisiä kuvia (A. Goff, “Quantum tic-tac-toe: A teaching metaphor for superposition in quantum mechanics”, *Am. J. Phys.* **74**, 962–973 (2006), doi:10.1119/1.2213635). Jokainen asema
rakennetaan *pelimerkinnästä*, joten voit rakentaa minkä tahansa niistä uudelleen muistikirjan 00 sovelluksessa.
""",
    "38b0787d50": f"""
## 1. Yksi merkki kahdessa ruudussa

Tavallisessa ristinollassa X:n ensimmäinen siirto on yksi X yhdessä ruudussa. Kvanttiristinollassa
X kirjoittaa **kaksi** pientä [aavemerkkiä]({G}#spooky-mark) `X1` kahteen eri
ruutuun. Säännön mukaan merkki päätyy täsmälleen toiseen niistä, ja siihen asti se
on molemmissa. Tämä on pelin kuva [superpositiosta]({G}#superposition): sääntöjen
mukaan merkkiä ei ole vielä sijoitettu kumpaankaan ruutuun, vaan myöhempi romahdus ratkaisee asian.
(Pelin sisällä tätä ei voisi erottaa merkistä, joka jo on jommassakummassa ruudussa,
emme vain tiedä kummassa. Kvanttimekaniikassa superpositio on kuitenkin enemmän kuin
tietämättömyyttä: muistikirja 07 näyttää ilmiön, interferenssin, jota pelkkä tietämättömyys
ei voisi koskaan saada aikaan.)

Goffin ensimmäinen kuva on lauta yhden siirron `1-2` jälkeen:
""",
    "d514ad4215": f"""
## 2. Todellisuuksien ensemble

Goff tulkitsee aseman [ensembleksi]({G}#ensemble): se on kaikkien niiden tavallisten,
klassisten lautojen joukko, joiksi asema voi vielä muuttua. Jokainen tällainen lauta on
[todellisuus]({G}#reality): jokainen aavemerkki on toisessa ruuduistaan, missään ruudussa ei ole
kahta merkkiä, ja klassiset merkit pysyvät paikoillaan.

Yhdellä siirrolla todellisuuksia on kaksi: X1 ruudussa 1 tai X1 ruudussa 2.
""",
    "5b5f3935be": """
Sanakirjojen luetteloa on vaikea lukea, joten tässä on pieni apufunktio, joka tulostaa todellisuudet
rinnakkain pieninä lautoina (piste on tyhjä ruutu). Sen koodia ei tarvitse
ymmärtää.
""",
    "019ea0dcf3": """
## 3. Kaksi siirtoa

Goffin kuvassa 2 O vastaa ruutuihin 4 ja 5: pelimerkintä `1-2 4-5`.
""",
    "e2f100e5ab": """
### Tehtävä 01-1

Montako todellisuutta pelimerkintä `1-2 4-5` edustaa? Mieti vastaus ennen kuin suoritat
mitään muuta, ja tarkista sitten lukusi.
""",
    "b41236c723": stuck("01-1"),
    "70e319569c": """
Luetellaan ne nyt:
""",
    "b9b8b670af": """
## 4. Todennäköisyydet

Mikä merkki päätyy ruutuun 4? Goff antaa jokaiselle todellisuudelle **saman painon**, joten
tapahtuman todennäköisyys on yksinkertaisesti niiden todellisuuksien osuus, joissa se
tapahtuu: tapahtuman, joka sattuu *k* todellisuudessa *n* yhtä painavasta, todennäköisyys on *k*/*n*.
`square_odds` laskee tämän jokaiselle ruudulle; avain `""` tarkoittaa ”ei merkkiä”.
(Materiaalin funktioiden nimissä on sana *odds*, vanha englannin sana mahdollisuuksille; ne palauttavat
todennäköisyyksiä väliltä 0–1, eivät vedonlyönnin ”3 vastaan 1” -kertoimia.)
Python kirjoittaa desimaaliluvut pisteellä: `0.25` on 0,25.
""",
    "edaa517998": predict(
        "Millä todennäköisyydellä ruutu 4 jää tyhjäksi asemassa `1-2 4-5`?"
    ),
    "42f52006db": """
Yhtä suuret painot ovat Goffin valinta, eivät pelin laki, eikä todellinen kvanttisysteemi
toimi niin: siinä jokaisella lopputuloksella on oma painonsa (muistikirja 07 näyttää miten).
Pidä mielessä, että ”jokainen todellisuus lasketaan samanarvoiseksi” on yksi kohta, jossa
vertauskuva yksinkertaistaa.

## 5. Asema kettinä

Fyysikot kirjoittavat tilan *kettien* summana. Goff kirjoittaa `|s⟩ₙ` tarkoittamaan ”siirron *n*
merkki on ruudussa *s*”. Yhden siirron tila on sen kahden paikan summa, jossa kummallakin paikalla on sama paino, ja
edessä on kerroin, jonka ansiosta painojen neliöiden summa on 1:
""",
    "aa8307f220": """
Sama ketti kaavaksi ladottuna:
""",
    "9475e733ae": """
Kuvassa 2 kahdella siirrolla ei ole mitään tekemistä keskenään, joten tila on
**tulo**: (X1:n kaksi paikkaa) kertaa (O2:n kaksi paikkaa). Kun kerrot sulut auki, saat yhden termin kutakin todellisuutta kohti, ja neliöjuuren alla oleva luku kertoo niiden määrän.
""",
    "e820e90873": """
Tilaa, joka on tulo, yksi tekijä kutakin siirtoa kohti, sanotaan **separoituvaksi**. Muistikirja 02
käsittelee tiloja, jotka eivät ole sellaisia.
""",
    "cb8c819d9a": """
### Tehtävä 01-2

Montako todellisuutta pelimerkintä `1-2 3-4 5-6 7-8` edustaa? (Neljä siirtoa, joista mitkään kaksi eivät
jaa ruutua.)
""",
    "daa1ad8b11": stuck("01-2"),
    "5b245fc6e3": predict(
        "Montako erillistä aavemerkkien ryhmää laudalle mahtuu enintään? "
        "(Vihje: montako ruutua yksi ryhmä tarvitsee?)"
    ),
    "2c1cafb090": """
Jokainen erillinen ryhmä tarvitsee vähintään kaksi ruutua, ja ruutuja on yhdeksän: siis enintään neljä
ryhmää, ja yksi ruutu jää yli. Erillisten ryhmien todellisuuksien määrät kerrotaan keskenään.
""",
    "f6a28e87f3": """
### Tehtävä 01-3

Kirjoita **kolmen siirron** pelimerkintä, jonka ensemblessa on **täsmälleen 8** todellisuutta.
Tarkistaja laskee pelimerkintäsi todellisuudet sääntömoottorilla. Kokeile sitten kolmen siirron
pelimerkintää, jolla on vain 4 todellisuutta, ja tarkista se funktiolla `count_realities`
(tarkistajaa ei tarvita).
""",
    "ce699afb79": stuck("01-3"),
    "50addfee19": """
## Yhteenveto

- Aavemerkkien pari on pelin kuva superpositiosta: yksi merkki kahdessa ruudussa, kunnes romahdus ratkaisee.
- Asema edustaa todellisuuksien ensembleä: kaikkia klassisia lautoja, joiksi se voi vielä muuttua.
- Goffin yhtä suurilla painoilla tapahtuman todennäköisyys on niiden todellisuuksien osuus, joissa se tapahtuu.
- Siirrot, jotka eivät jaa ruutua, ovat riippumattomia: ketti on tulo ja määrät kerrotaan.

## Mitä seuraavaksi

Jatka muistikirjaan **[02 · Lomittuminen](02_entanglement.fi.ipynb)**. Siinä merkit jakavat ruutuja, osa todellisuuksista käy mahdottomiksi, eikä tila ole enää tulo: se on lomittuminen.
""",
}

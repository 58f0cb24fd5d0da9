"""Finnish notebook 03 (measurement and collapse): translations of the English cells."""

from common_fi import G, predict, stuck

CODE = [
    ("# ← your prediction, e.g.", "# ← ennustuksesi, esim."),
    ("# ← replace ... with your answer", "# ← korvaa ... vastauksellasi"),
    ('"realities")', '"todellisuutta")'),
    (
        '"newest mark:", pending.mark, "  squares:", pending.choices, "  chooser:"',
        '"uusin merkki:", pending.mark, "  ruudut:", pending.choices, "  valitsija:"',
    ),
    ('f"X3 in square {square}:"', 'f"X3 ruutuun {square}:"'),
    ('"cycle squares:"', '"silmukan ruudut:"'),
    ('"cycle marks:  "', '"silmukan merkit:"'),
    ('"stems:        "', '"varret:         "'),
    (
        '"chooser:      ", info.chooser, "chooses where", info.mark, "lands:"',
        '"valitsija:      ", info.chooser, "valitsee, mihin", info.mark, "asettuu:"',
    ),
    ('f"O4 in square {square}:"', 'f"O4 ruutuun {square}:"'),
    ('f"X chooses c{square}"', 'f"X valitsee c{square}"'),
    ('"the collapse fills:"', '"romahdus koskee ruutuja:"'),
    ('"left alone:"', '"koskematta jäävät:"'),
    ('"still spooky:"', '"yhä aavemerkkeinä:"'),
]


MARKDOWN = {
    "36d38718ca": """
# 03 · Mittaus ja romahdus

*Kvanttiristinolla, oppilaan polku, muistikirja 03/07 (suomenkielinen versio).*
[Avaa tämä muistikirja Binderissä](https://mybinder.org/v2/gh/qttt-edu/qttt-edu/HEAD?labpath=notebooks/i18n/03_measurement_and_collapse.fi.ipynb) (toimii selaimessa, mitään ei tarvitse asentaa).

**Tämän muistikirjan jälkeen osaat**

- tunnistaa, milloin siirto sulkee *silmukan*, ja kertoa, miksi silmukka pakottaa valintaan;
- nimetä *valitsijan* ja ennustaa romahduksen kummankin mahdollisen lopputuloksen;
- seurata romahdusta vaihe vaiheelta, varret mukaan lukien, ja nähdä, että erilliset lomittumiset säilyvät koskemattomina;
- verrata pelin romahdusta kvanttimittaukseen: mikä vastaa toisiaan ja mikä ei.

**Ennen kuin aloitat:** muistikirja [02 · Lomittuminen](02_entanglement.fi.ipynb) (lomittumisgraafi, puun todellisuudet).

**Aika:** noin 45 minuuttia (tehtävät mukaan lukien); jos aika loppuu, lue luku 7 kotona.
""",
    "978285312a": f"""
## 1. Siirto, joka sulkee silmukan

Goffin kuva 4 (A. Goff, “Quantum tic-tac-toe: A teaching metaphor for superposition in quantum mechanics”, *Am. J. Phys.* **74**, 962–973 (2006), doi:10.1119/1.2213635) jatkaa kuvaa 3 (`1-2 2-5`) X:n siirrolla `1-5`. Ruudut 1
ja 5 olivat jo yhteydessä ruudun 2 kautta (X1 yhdistää ruudut 1-2, O2 ruudut 2-5), joten
uusi merkki sulkee lomittumisgraafiin umpinaisen kierroksen: [silmukan]({G}#cycle).
""",
    "c18750ea9f": predict(
        "Kolme merkkiä kolmessa ruudussa, jokainen merkki jommassakummassa ruudussaan, yksi merkki"
        " ruutua kohti. Montako todellisuutta on jäljellä?"
    ),
    "72eead93fb": f"""
Vain kaksi: merkit voivat kiertää silmukan jompaankumpaan suuntaan. Jokainen silmukan ruutu
on nyt varattu. Jos peli antaisi neljännen merkin yhdistää nämä kolme ruutua, olisi
neljä merkkiä kolmeen ruutuun eikä **yhtään** todellisuutta. Siksi silmukka ei voi
odottaa: se on ratkaistava nyt. Tästä syystä silmukka pakottaa valintaan.

## 2. Kuka päättää: valitsija

Sääntö: pelaaja, joka **ei** sulkenut silmukkaa, valitsee, kumpaan kahdesta ruudusta
uusin merkki asettuu. Tässä X sulki sen merkillä X3, joten O on
[valitsija]({G}#chooser). Peli tietää sen:
""",
    "8c9ae8f104": """
Kumpikin valinta säilyttää täsmälleen yhden todellisuuden: sen, jossa uusin merkki
on jo valitussa ruudussa. `collapse_subsets` näyttää, mikä todellisuus säilyy
kummallakin valinnalla:
""",
    "1d7370c4da": f"""
Goffin kuvassa 5 O laittaa X3:n ruutuun 1 (pelimerkintään tulee osa `c1`). X1:n on silloin
siirryttävä ruudusta 1 ruutuun 2, mikä työntää O2:n ruutuun 5. Kaikista kolmesta merkistä tulee
[klassisia]({G}#classical-mark).
""",
    "ba75554d4a": """
Romahduksen jälkeen valitsija siirtää tavalliseen tapaan: O tekee siirron 4 heti, joten O toimii
kahdesti peräkkäin (ensin valinta, sitten siirto).

## 3. Silmukka, jossa on varsi

Uusi peli: `2-5 5-8 8-9 2-8`. Tässä ovat lauta ja graafi sen kolmen ensimmäisen siirron
`2-5 5-8 8-9` jälkeen. Sitten O pelaa siirron 4 ruutuihin 2 ja 8. Piirrä tämä merkki graafiin ennen kuin vastaat alla oleviin kysymyksiin.
""",
    "b4810186d8": """
### Tehtävä 03-1

Kuka on valitsija pelimerkinnässä `2-5 5-8 8-9 2-8`? Vastaa `"X"` tai `"O"`.
""",
    "1c8576294a": stuck("03-1"),
    "bc039360ed": """
### Tehtävä 03-2

Mitkä ruudut ovat **silmukassa**? (Anna ne missä järjestyksessä tahansa, esim. `[4, 5, 6]`.)
""",
    "3d45d58ada": stuck("03-2"),
    "1d134c7d52": f"""
Merkki voi kuulua ryhmään olematta silmukassa: se roikkuu silmukassa kiinni. Goff
kutsuu tällaisia merkkejä [varsiksi]({G}#stem). Varrella ei ole enää vapautta: teki
valitsija minkä valinnan tahansa, silmukka täyttää ruudun, johon varsi on kiinnittynyt, joten varren
merkin on päädyttävä toiseen ruutuunsa.
""",
    "769a353ac4": """
Siirron `2-8` jälkeen piirros merkitsee silmukan ja varren, ja `pending_cycle` nimeää ne:
""",
    "760673b036": """
## 4. Romahdus vaihe vaiheelta

Kun uusin merkki on asettunut, kaikki muu on pakotettua, merkki kerrallaan: merkin, joka on juuri
varatussa ruudussa, on siirryttävä toiseen ruutuunsa, mikä voi työntää
seuraavaa, ja niin edelleen silmukkaa pitkin ja vartta pitkin ulospäin. `cascade` luettelee
vaiheet ja kunkin syyn; tässä valitsija laittaa O4:n ruutuun 2:
""",
    "f2d83ff076": """
`draw_cascade` piirtää samat vaiheet pienten lautojen rivinä:
""",
    "8c2f2c7053": """
### Tehtävä 03-3

Nyt toinen valinta: X laittaa O4:n ruutuun **8**. Mihin ryhmän jokainen merkki
päätyy? Vastaa sanakirjalla ruudusta merkkiin, `{ruutu: "merkki", ...}` (tai
merkistä ruutuun, jos haluat). Mieti ensin paperilla.
""",
    "abfdf2abef": stuck("03-3"),
    "b3b80f6616": """
## 5. Molemmat lopputulokset rinnakkain

Hyvä valitsija vertaa kahta lopputulosta ennen päätöstään. `collapse_outcomes` antaa
molemmat muuttamatta peliä; kun ne piirretään vierekkäin, näkyy, mistä valinnassa
oikeastaan on kyse.
""",
    "36801aab3b": """
### Yhden pelaajan omien merkkien silmukka

Sääntö pätee myös, kun pelaaja sulkee silmukan, jossa on vain **hänen omia** merkkejään:
valitsija on silti toinen pelaaja. Alla X5 sulkee silmukan 7-8-9 merkkien X1 ja X3 kanssa,
joten O on valitsija. Kumpikin valinta täyttää samat kolme ruutua X:n merkeillä ja vain
vaihtaa niiden siirtonumerot keskenään, joten X saa rivin 7-8-9, valitsipa O kumman tahansa.
Tällainen vaihto merkitsee jotain silloin, kun suorassa on vain osa silmukan ruuduista: se
voi muuttaa suoran suurinta siirtonumeroa, joka ratkaisee saman romahduksen tekemien kahden
suoran välillä (muistikirja 04).
""",
    "e1b32c5103": """
## 6. Erilliset lomittumiset jäävät rauhaan

Romahdus ratkaisee vain sen ryhmän, johon silmukka kuuluu. Tässä asemassa X5 sulkee
silmukan 1-2-3 (varsi on O4 ruuduissa 3-6), kun taas X3 on erillään ruuduissa 7 ja 9.
""",
    "e9c6bf8184": predict("Mitkä merkit ovat yhä aavemerkkejä, kun O on valinnut?"),
    "798d6ab988": """
### Tehtävä 03-4

Kirjoita pelimerkintä, jonka **viimeinen siirto sulkee neljän ruudun silmukan** ja jättää
valinnan **O:lle** (lopeta ennen valintaa: loppuun ei tule `c`-osaa). Tarkistaja
pelaa sen uudelleen. (Kenen on suljettava silmukka, jotta O valitsee? Montako merkkiä neljän
ruudun silmukka tarvitsee?)
""",
    "0e38eee06b": stuck("03-4"),
    "e233bf7763": """
## 7. Mittaus: missä vertauskuva pitää ja missä se pettää

Goff tarjoaa romahdusta kuvaksi kvanttimekaanisesta **mittauksesta**. Vertaa:

| | kvanttiristinolla | kvanttimittaus |
|---|---|---|
| ennen | todellisuuksien superpositio | lopputulosten superpositio |
| jälkeen | yksi määrätty klassinen lauta ryhmälle | yksi määrätty lopputulos |
| muut mahdollisuudet | poistuvat ensemblestä | poistuvat tilasta (tila ”romahtaa”) |
| lomittuneet kumppanit | ratkeavat heti, olivatpa niiden ruudut kuinka kaukana tahansa | korreloivat heti, olivatpa ne kuinka kaukana tahansa |
| mikä sen laukaisee | silmukka graafissa | vuorovaikutus mittalaitteen kanssa |
| kuka päättää lopputuloksen | **pelaaja, tarkoituksella** | **ei kukaan: sattuma**, todennäköisyydet Bornin säännöstä |

Viimeinen rivi on suuri ero. Fysiikassa kukaan ei voi valita mittauksen
lopputulosta, ja se on keskeinen syy siihen, ettei lomittumisella voi lähettää viestiä
(*no-signalling*-periaate, viestinnän mahdottomuus): toisessa päässä tulokset näyttävät joka tapauksessa satunnaisilta. Pelissä
valitsija *todella* valitsee lopputuloksen, mikä tekee siitä taitopelin. Muistikirjassa 07 pelataan
muunnelmaa, jossa sen sijaan ratkaisee kolikko.
""",
    "8558723e2d": """
## Yhteenveto

- Siirto, joka yhdistää kaksi jo yhteydessä olevaa ruutua, sulkee silmukan; *k* ruudun silmukassa on *k* merkkiä, joten silmukka on ratkaistava heti.
- Pelaaja, joka ei sulkenut silmukkaa, on valitsija ja valitsee, mihin uusin merkki asettuu; kaikki muut ryhmän merkit, varret mukaan lukien, ovat sen jälkeen pakotettuja.
- Romahdus ei vaikuta erillisiin lomittumisiin.
- Mittauksen tavoin romahdus muuttaa superposition yhdeksi määrätyksi lopputulokseksi; toisin kuin mittauksessa, lopputuloksen valitsee pelaaja eikä sattuma.

## Mitä seuraavaksi

Jatka muistikirjaan **[04 · Voitto ja pisteet](04_winning_and_scoring.fi.ipynb)**. Nyt kun merkeistä tulee klassisia, ne voivat muodostaa suoria: miten peli voitetaan ja miten Goff sen pisteytti.
""",
}

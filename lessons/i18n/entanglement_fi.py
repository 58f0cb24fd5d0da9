"""Finnish notebook 02 (entanglement): translations of the English cells, keyed by fingerprint."""

from common_fi import G, predict, stuck

CODE = [
    ("# ← your prediction, e.g.", "# ← ennustuksesi, esim."),
    ('"2/3" or 0.67', '"2/3" tai 0.67'),
    ("# ← replace ... with your answer", "# ← korvaa ... vastauksellasi"),
    (
        "\"\"\"Print classical boards side by side; '.' is an empty square.\"\"\"",
        "\"\"\"Tulostaa klassiset laudat rinnakkain; '.' on tyhjä ruutu.\"\"\"",
    ),
    ('"joins squares", a, "and", b', '"yhdistää ruudut", a, "ja", b'),
    ('"separate groups:"', '"erilliset ryhmät:"'),
    ('"the board"', '"lauta"'),
    ('"its entanglement graph"', '"sen lomittumisgraafi"'),
    (
        '"the group on its own:", group, "   X3 on its own: 2   whole position:"',
        '"ryhmä yksinään:", group, "   X3 yksinään: 2   koko asema:"',
    ),
    ('"   (Fig. 2, for comparison)"', '"   (kuva 2 vertailun vuoksi)"'),
    (
        '"record                  marks  realities  X1 in square 3"',
        '"pelimerkintä            merkit  todellisuudet  X1 ruudussa 3"',
    ),
    (
        "{len(game.spooky_marks):5}  {count_realities(game):9}",
        "{len(game.spooky_marks):6}  {count_realities(game):13}",
    ),
]


MARKDOWN = {
    "d9c1924640": """
# 02 · Lomittuminen

*Kvanttiristinolla, oppilaan polku, muistikirja 02/07 (suomenkielinen versio).*
[Avaa tämä muistikirja Binderissä](https://mybinder.org/v2/gh/qttt-edu/qttt-edu/HEAD?labpath=notebooks/i18n/02_entanglement.fi.ipynb) (toimii selaimessa, mitään ei tarvitse asentaa).

**Tämän muistikirjan jälkeen osaat**

- selittää, mikä muuttuu, kun kaksi merkkiä jakaa ruudun: osa yhdistelmistä käy mahdottomiksi, ja yhden merkin todennäköisyydet riippuvat toisesta;
- piirtää ja lukea lomittumisgraafin;
- laskea aavemerkkien puun todellisuudet (yksi kutakin tyhjää ruutua kohti) ja lukea todennäköisyydet puun muodosta;
- päätellä, onko tila tulo (separoituva) vai lomittunut;
- laskea uudelleen Goffin ”dekoherenssiluvut” ja kertoa, mitä nimi fysiikassa tarkoittaa ja mitä ei.

**Ennen kuin aloitat:** muistikirja [01 · Superpositio](01_superposition.fi.ipynb) (todellisuudet, todennäköisyydet, ketit).

**Aika:** noin 45 minuuttia (tehtävät mukaan lukien); jos aika loppuu, lue lopun laatikko kotona.
""",
    "7e10f6849b": """
## 1. Kaksi merkkiä jakaa ruudun

Goffin kuvassa 3 (A. Goff, “Quantum tic-tac-toe: A teaching metaphor for superposition in quantum mechanics”, *Am. J. Phys.* **74**, 962–973 (2006), doi:10.1119/1.2213635) O vastaa X:n siirtoon `1-2` siirrolla `2-5`: O laittaa toisen
aavemerkkinsä ruutuun 2, jossa X:llä on jo yksi.
""",
    "b431e5be81": """
Kaksi erillistä siirtoa, kuten kuvassa 2, antoivat 2 × 2 = 4 todellisuutta. Muista, että
kussakin todellisuudessa on enintään yksi merkki ruutua kohti.
""",
    "97ac74f3c3": """
### Tehtävä 02-1

Montako todellisuutta pelimerkintä `1-2 2-5` edustaa?
""",
    "76a88fd09f": stuck("02-1"),
    "b714c421f4": """
Luetellaan ne, niin voit tarkistaa laskusi:
""",
    "b31bd01b2d": """
### Tehtävä 02-2

Kun jokainen todellisuus on yhtä todennäköinen, millä todennäköisyydellä **X1 päätyy
ruutuun 1**? (Murtoluku, desimaaliluku tai prosentti: kaikki käyvät.)
""",
    "3ca61614fe": stuck("02-2"),
    "bb338128f1": """
Tarkista funktiolla `mark_odds`, joka antaa jokaisen aavemerkin todennäköisyyden kummallekin
sen kahdesta ruudusta:
""",
    "caeb295b0c": f"""
O:n siirto muutti **X:n** merkin todennäköisyyksiä: ennen sitä X1 oli 50:50, nyt se
kallistuu ruutuun 1. Yhden merkin käytös riippuu toisesta, eikä X1:tä voi enää kuvata
yksinään: vain parilla on täsmällinen luettelo mahdollisuuksista. Näin kytkeytyneet merkit ovat
[lomittuneita]({G}#entanglement); luku 4 kertoo tarkasti, mitä se tarkoittaa
tilalle.

## 2. Lomittumisgraafi

Kuva tekee yhteydet näkyviksi. Ajatellaan ruutuja graafin solmuina (pisteinä) ja piirretään
jokainen aavemerkki viivaksi (*särmäksi*) sen kahden ruudun välille. Merkit, jotka ovat
yhteydessä yhteisten ruutujen kautta, muodostavat yhden ryhmän; erilliset ryhmät ovat riippumattomia.
Tämä on [lomittumisgraafi]({G}#entanglement-graph).
""",
    "8bb96ca5de": """
`draw_entanglement` piirtää sen niin, että kunkin ruudun solmu on ruudun paikalla
laudalla ja jokaisessa särmässä on sen merkki:
""",
    "da78b853b6": predict(
        "Ryhmässä {1, 2, 5, 6} on kolme merkkiä neljässä ruudussa, ja erillinen merkki X3 on"
        " ruuduissa 7-9. Montako todellisuutta koko asemalla on?"
    ),
    "8a345cedd4": """
## 3. Puun todellisuuksien laskeminen

Ennen jokaista siirtoa lomittumisgraafissa ei ole silmukoita: jokainen ryhmä on *puu* (silmukka
romahtaa heti, muistikirja 03). *k* merkin puu ulottuu aina *k* + 1 ruutuun, ja
jokaisessa todellisuudessa täsmälleen **yksi** sen ruuduista jää tyhjäksi. Valitse tyhjä ruutu,
niin kaikki muu on pakotettua: jokainen merkki päätyy siihen ruutuunsa, joka on kauempana tyhjästä.
Siis *k* merkin puulla on täsmälleen *k* + 1 todellisuutta, yksi kutakin tyhjää ruutua kohti.

Tästä saadaan puun merkin todennäköisyys luettelematta mitään: merkki päätyy särmänsä
siihen päähän, joka on **poispäin** tyhjästä ruudusta, joten

> todennäköisyys(merkki päätyy ruutuun *s*) = (ruudut merkin *toisella* puolella) ÷
> (puun kaikki ruudut).

Esimerkiksi pelimerkinnässä `1-3 1-2` puussa ovat ruudut 1, 2 ja 3. X1 (ruuduissa 1-3) päätyy
ruutuun 3 aina, kun tyhjä ruutu on 1 tai 2: todennäköisyys on 2/3.
""",
    "50c6362296": """
### Tehtävä 02-3

Aloita pelimerkinnästä `1-3 1-2`. Anna **yksi siirto lisää** (ruutupari), jonka jälkeen
todennäköisyys, että X1 päätyy ruutuun 3, on täsmälleen **3/4**. Oikeita vastauksia on
useampi kuin yksi; tarkistaja hyväksyy ne kaikki.
""",
    "ca2fdee604": stuck("02-3"),
    "5e834bb8b2": """
## 4. Lomittuminen ketissä

Muistikirjassa 01 asema kirjoitettiin kettinä, todellisuuksiensa summana, jossa kaikilla on sama paino. Kuvan 2
ketti oli **tulo**, yksi tekijä kutakin siirtoa kohti. Goff kirjoittaa kuvan 3 sen todellisuuksien summana, jossa kaikilla on sama paino, ja juuren alla oleva luku kertoo niiden määrän:
""",
    "47a441562f": """
### Tehtävä 02-4

Onko pelimerkinnän `1-2 2-5` tila **separoituva** (tulo, jossa on yksi tekijä X1:lle ja yksi
O2:lle)? Vastaa kyllä tai ei. Kunnollinen testi: yritä kirjoittaa se muodossa
(a|1⟩₁ + b|2⟩₁)(c|2⟩₂ + d|5⟩₂) ja kerro sulut auki.
""",
    "2104ce5913": stuck("02-4"),
    "dcb373070c": """
Tilaa, joka ei ole tulo, sanotaan **lomittuneeksi**: se on sanan täsmällinen merkitys.
Yhteiset ruudut tekivät kuvan 3 tilasta lomittuneen, kun taas kuvan 2 tila, jossa ruutuja ei jaeta,
on tulo. (Varoitus myöhempää varten, muistikirjasta 07: pelissä ”ei tulo” kuvaa
luetteloa yhtä todennäköisiä lautoja, ja tavalliset esineet voivat olla kytköksissä samalla
tavalla: punainen ja musta kortti suljettuina kahteen kirjekuoreen. Kvanttilomittuminen on
enemmän kuin se.)

## 5. Goffin ”dekoherenssiluvut”

Goffin kuvissa 14–16 X1 on ruuduissa 1 ja 3, ja sitten ruudun 1 puolelle ketjutetaan
lisää merkkejä. Hän antaa todennäköisyydeksi, että X1 päätyy ruutuun 3, **50 %, 67 %,
75 % ja 83 %**. Artikkelissa ei ole jokaista pelimerkintää, joten alla olevat portaat ovat
**tämän materiaalin rekonstruktio**: ketju, joka kasvaa ruutu kerrallaan ruudun 1 puolella
ja tuottaa hänen neljä lukuaan.
""",
    "edd8bc942a": predict(
        "Kun ketjussa on neljä merkkiä (`1-3 1-2 2-4 4-5`), millä todennäköisyydellä X1 päätyy"
        " ruutuun 3? Käytä luvun 3 sääntöä."
    ),
    "edaf2ec274": """
Jokainen porras on (merkit) ÷ (merkit + 1): 1/2, 2/3, 3/4, 4/5, 5/6. Tässä rekonstruktiossa
Goffin neljä lukua ovat portaat 1, 2, 3 ja 5 (83 % = 5/6 viidellä merkillä), ja
ennustamasi 80 %:n porras on hänen kahden viimeisen lukunsa välissä; artikkelin omissa kuvissa merkit
saattavat olla ketjutettu toisin, koska mikä tahansa puu, jossa kummallakin puolella on yhtä monta
ruutua, antaa samat luvut. Luvun 3 sääntö selittää portaat: jokainen uusi merkki lisää ruudun
ruudun 1 puolelle, ja X1 päätyy ruutuun 3 aina, kun tyhjä ruutu on sillä puolella.

### Mitä ”dekoherenssi” tarkoittaa tässä ja fysiikassa

Goff on lainannut nimen portaille fysiikasta, joten käytä sitä varoen.

- **Mikä siirtyy.** Fysiikassa dekoherenssi tapahtuu, kun systeemi lomittuu yhä
  suurempaan osaan ympäristöään. Sen jälkeen systeemiä ei voi kuvata yksinään, eikä sen
  superpositio enää näytä interferenssiä: se näyttää tavalliselta ”joko tämä tai tuo”.
  Portaat näyttävät ensimmäisen puolen pienoiskoossa: mitä useampaan merkkiin X1 on
  lomittunut, sitä vähemmän X1 yksinään kertoo.
- **Mikä ei siirry.** Todellinen dekoherenssi *ei* työnnä todennäköisyyksiä kohti yhtä
  lopputulosta; se jättää ne ennalleen ja poistaa niiden välisen interferenssin. Tässä
  siirtymä 50 %:sta kohti 100 %:a johtuu siitä, että lasketaan kasvavan puun yhtä painavia
  todellisuuksia. Eikä pelissä ole alun perinkään interferenssiä, jonka se voisi menettää
  (muistikirja 07).
""",
    "c0e32beb5b": """
## Yhteenveto

- Merkit, jotka jakavat ruudun, ovat lomittuneita: osa yhdistelmistä käy mahdottomiksi, eikä ketti ole enää tulo.
- Lomittumisgraafin solmut ovat ruutuja ja särmät merkkejä; erilliset ryhmät ovat riippumattomia, ja niiden todellisuuksien määrät kerrotaan keskenään.
- *k* merkin puulla on *k* + 1 todellisuutta, yksi kutakin tyhjää ruutua kohti, joten todennäköisyydet voi lukea puun muodosta.
- Goffin dekoherenssitikkaat: mitä useampaan merkkiin X1 on lomittunut, sitä vähemmän X1 yksinään kertoo; todellisen dekoherenssin kanssa yhteistä on ”lomittuu ympäristöönsä” -osa, ei siirtymä kohti yhtä lopputulosta.

## Mitä seuraavaksi

Jatka muistikirjaan **[03 · Mittaus ja romahdus](03_measurement_and_collapse.fi.ipynb)**. Kun uusi siirto yhdistää kaksi ruutua, jotka ovat jo yhteydessä, graafiin tulee silmukka, ja pelin on ratkaistava: mittaus ja romahdus.
""",
}

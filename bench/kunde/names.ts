/**
 * Word lists for the generated customers: Austrian and German surnames, first names, trades, streets and places,
 * with umlauts and ß on purpose (the search folds them). Weights make some words common ("Wien", "Huber") and
 * some rare ("Wolfsgraben"), as in a real customer base.
 */

/** A comma-separated list (biome would put every element of an array literal on its own line). */
const list = (text: string): readonly string[] =>
  text
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);

export const NACHNAMEN = list(`
  Gruber, Huber, Bauer, Wagner, Müller, Pichler, Steiner, Moser, Mayer, Hofer, Leitner, Berger, Fuchs,
  Eder, Fischer, Schmid, Winkler, Weber, Schwarz, Maier, Schneider, Reiter, Mayr, Schmidt, Wimmer,
  Egger, Brunner, Lang, Baumgartner, Auer, Binder, Lechner, Wolf, Wallner, Aigner, Ebner, Koller,
  Lehner, Haas, Schuster, Holzer, Strobl, Kern, Jäger, Köhler, Böhm, Krämer, Schäfer, Weiß, Groß,
  Hölzl, Pröll, Dörfler, Fürst, Kühn, Schröder, Müllner, Zöchling, Blümel, Strauß, Nußbaumer, Meißner,
  Gößl, Größbacher, Öhlinger, Überall, Ölz, Bräuer, Grünwald, Süß, Hörmann, Kößler, Thaler, Rainer,
  Hackl, Stadler, Kaiser, Kofler, Friedl, Riegler, Hauser, Neubauer, Schober, Zach, Sommer, Hahn,
  Lackner, Posch, Pfeiffer, Heindl, Seidl, Schwaiger, Langer, Zauner, Wieser, Schwab, Hofbauer, Hartl,
  Kainz, Graf, Horvath, Nagy, Novak, Kovač, Dvořák, Zimmermann, Hoffmann, Schulz, Koch, Richter, Klein,
  Neumann, Schwarzenberger, Krenn, Kranz, Pöschl, Wöß, Lößl, Gmeiner, Prückler
`);

/** A few surnames much more common than the rest (a "very common" search word). */
export const NACHNAME_GEWICHTE: readonly (readonly [string, number])[] = NACHNAMEN.map((name, i) => [
  name,
  name === "Müller" ? 60 : name === "Gruber" || name === "Huber" ? 40 : i < 30 ? 12 : 6,
]);

export const VORNAMEN_M = list(`
  Jürgen, Jörg, Günther, Hans, Franz, Stefan, Thomas, Andreas, Michael, Christian, Lukas, Matthias,
  Markus, Martin, Wolfgang, Josef, Johann, Peter, Gerhard, Manfred, Florian, Tobias, René, Björn,
  Sören, Uwe, Dieter, Klaus, Helmut, Bernhard
`);

export const VORNAMEN_W = list(`
  Maria, Anna, Sabine, Barbara, Elisabeth, Renée, Zoë, Bärbel, Käthe, Andrea, Claudia, Monika, Petra,
  Susanne, Birgit, Karin, Christa, Gertrude, Theresa, Julia, Lena, Sophie, Hannah, Lea, Katharina,
  Magdalena, Jana, Verena, Doris, Ingrid
`);

/** Trades for company names ("Bäckerei Jürgen", "Huber Elektrotechnik GmbH"). */
export const BRANCHEN = list(`
  Bäckerei, Tischlerei, Elektrotechnik, Installationen, Malerei, Dachdeckerei, Gärtnerei,
  Fleischhauerei, Konditorei, Spenglerei, Schlosserei, Zimmerei, Steuerberatung, Autohaus, Gasthaus,
  Apotheke, Optik, Fliesen, Bau, Transporte, Reinigung, Druckerei, Immobilien, Kfz-Werkstätte, Friseur,
  Blumen, Weinbau, Sägewerk, Möbelhaus, Getränke
`);

export const RECHTSFORMEN: readonly (readonly [string, number])[] = [
  ["GmbH", 45],
  ["KG", 10],
  ["OG", 10],
  ["e.U.", 15],
  ["GmbH & Co KG", 5],
  ["AG", 2],
  ["", 13],
];

export const STRASSEN = list(`
  Hauptstraße, Bahnhofstraße, Mariahilfer Straße, Kärntner Straße, Schönbrunner Straße, Wiener Straße,
  Grazer Straße, Linzer Gasse, Dorfstraße, Kirchengasse, Schulgasse, Mühlweg, Am Anger, Lindenallee,
  Gartengasse, Waldweg, Bergstraße, Feldgasse, Römerstraße, Ringstraße, Schloßplatz, Marktplatz,
  Jägerstraße, Fößlweg, Brückengasse, Lerchenfelder Gürtel, Praterstraße, Landstraßer Hauptstraße,
  Annenstraße, Herrengasse, Landstraße, Getreidegasse, Maria-Theresien-Straße, Alter Platz,
  Leopoldstraße, Maximilianstraße, Königsallee, Schillerstraße, Goethestraße, Mozartgasse,
  Industriestraße, Gewerbepark, Kaiser-Franz-Josef-Straße, Sonnenweg, Am Mühlbach, Kellergasse,
  Weinbergweg, Föhrenweg, Birkenweg, Ahornweg
`);

/** [plz, ort, land, weight]: Vienna is a quarter of all addresses; Wolfsgraben is rare. */
export const ORTE: readonly (readonly [readonly [string, string, string], number])[] = [
  ...Array.from({ length: 23 }, (_, i) => String(1010 + 10 * i)).map(
    (plz) => [[plz, "Wien", "AT"], 11] as const,
  ),
  ...["8010", "8020", "8036", "8041", "8045", "8051"].map((plz) => [[plz, "Graz", "AT"], 10] as const),
  ...["4020", "4030", "4040"].map((plz) => [[plz, "Linz", "AT"], 12] as const),
  [["5020", "Salzburg", "AT"], 20],
  [["6020", "Innsbruck", "AT"], 18],
  [["9020", "Klagenfurt am Wörthersee", "AT"], 12],
  [["9500", "Villach", "AT"], 8],
  [["3100", "St. Pölten", "AT"], 9],
  [["3012", "Wolfsgraben", "AT"], 0.4],
  [["2340", "Mödling", "AT"], 6],
  [["2500", "Baden", "AT"], 6],
  [["2700", "Wiener Neustadt", "AT"], 6],
  [["3500", "Krems an der Donau", "AT"], 5],
  [["6900", "Bregenz", "AT"], 4],
  [["6850", "Dornbirn", "AT"], 5],
  [["4400", "Steyr", "AT"], 4],
  [["4600", "Wels", "AT"], 6],
  [["8700", "Leoben", "AT"], 3],
  [["3950", "Gmünd", "AT"], 1.5],
  [["5700", "Zell am See", "AT"], 2],
  [["4820", "Bad Ischl", "AT"], 2],
  [["3430", "Tulln an der Donau", "AT"], 3],
  [["2380", "Perchtoldsdorf", "AT"], 3],
  [["2230", "Gänserndorf", "AT"], 2],
  [["9100", "Völkermarkt", "AT"], 1.5],
  [["9640", "Kötschach-Mauthen", "AT"], 0.6],
  [["8990", "Bad Aussee", "AT"], 0.8],
  [["7000", "Eisenstadt", "AT"], 3],
  [["2100", "Korneuburg", "AT"], 2],
  ...["80331", "80469", "80802", "81667"].map((plz) => [[plz, "München", "DE"], 5] as const),
  [["10115", "Berlin", "DE"], 6],
  [["20095", "Hamburg", "DE"], 4],
  [["50667", "Köln", "DE"], 3],
  [["90402", "Nürnberg", "DE"], 3],
  [["97070", "Würzburg", "DE"], 1.5],
  [["40213", "Düsseldorf", "DE"], 2],
  [["94032", "Passau", "DE"], 2],
  [["93047", "Regensburg", "DE"], 2],
  [["83022", "Rosenheim", "DE"], 2.5],
  [["90762", "Fürth", "DE"], 1.5],
  [["79539", "Lörrach", "DE"], 1],
  [["37073", "Göttingen", "DE"], 1],
  [["23552", "Lübeck", "DE"], 1],
  [["41061", "Mönchengladbach", "DE"], 1],
];

export const MAIL_PROVIDER = list(`
  gmx.at, aon.at, a1.net, gmail.com, chello.at, web.de, gmx.de
`);

/** Values of the searchable customer field "Branche"; one word ("Kaminkehrer") is rare. */
export const FELD_BRANCHE: readonly (readonly [string, number])[] = [
  ["Handwerk", 30],
  ["Gastronomie", 15],
  ["Handel", 25],
  ["Dienstleistung", 20],
  ["Landwirtschaft", 8],
  ["Kaminkehrer", 0.3],
];

/** Values of the non-searchable customer field "Betreuer". */
export const FELD_BETREUER = list(`
  Anna Admin, Max Muster, Petra Prokop, Günter Gößl
`);

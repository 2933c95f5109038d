/**
 * Word material for the generated articles (issue 7): goods groups with their subgroups, name templates per
 * subgroup, manufacturers. German names with umlauts, ß, ½ and ° on purpose (the search folds them). A template
 * picks one alternative of every `{a|b|c}` ("Glühbirne {E27|E14} {40|60} W" → "Glühbirne E27 60 W"). Weights make
 * some subgroups common (screws, bulbs) and some rare (snow shovels), as in a real hardware-store catalogue.
 */

export interface Untergruppe {
  code: string;
  bezeichnung: string;
  /** Relative frequency of the subgroup's articles. */
  gewicht: number;
  /** Name templates; `{a|b}` picks one alternative. */
  vorlagen: readonly string[];
  /** VAT rate in percent (AT) for the subgroup's articles; default 20. */
  mwst?: number;
  /** Share of lendable articles in the subgroup (default 0.085). */
  verleihbar?: number;
  /** Packaging ("VE 100 Stk") for small parts. */
  verpackung?: readonly string[];
  /** Price range of the base price in euros. */
  preis: readonly [number, number];
}

export interface Warengruppe {
  code: string;
  bezeichnung: string;
  untergruppen: readonly Untergruppe[];
}

export const WARENGRUPPEN: readonly Warengruppe[] = [
  {
    code: "10",
    bezeichnung: "Elektro",
    untergruppen: [
      {
        code: "101",
        bezeichnung: "Leuchtmittel",
        gewicht: 8,
        preis: [1.5, 25],
        vorlagen: [
          "Glühbirne {E27|E14} {25|40|60|75|100} W{| matt| klar}",
          "LED-Lampe {E27|E14|GU10} {4|5|7|9|12} W {warmweiß|neutralweiß|tageslichtweiß}",
          "Leuchtstoffröhre T8 {18|36|58} W {840|865}",
          "Halogen-Stiftsockellampe G9 {28|42} W",
        ],
      },
      {
        code: "102",
        bezeichnung: "Kabel und Leitungen",
        gewicht: 5,
        preis: [4, 180],
        vorlagen: [
          "Mantelleitung NYM-J {3x1,5|3x2,5|5x1,5|5x2,5} mm² {25|50|100} m",
          "Verlängerungskabel {3|5|10|25} m {schwarz|weiß|orange}",
          "Kabelbinder {100|200|300} x {2,5|3,6|4,8} mm {schwarz|natur}",
          "Lautsprecherkabel 2x{0,75|1,5|2,5} mm² {10|25} m",
        ],
      },
      {
        code: "103",
        bezeichnung: "Schalter und Steckdosen",
        gewicht: 4,
        preis: [3, 40],
        vorlagen: [
          "Schuko-Steckdose {Unterputz|Aufputz} {reinweiß|alu|anthrazit}",
          "{Wechselschalter|Ausschalter|Serienschalter|Taster} {Unterputz|Aufputz} {reinweiß|alu|edelstahl}",
          "Steckdosenleiste {3|5|6}-fach mit Schalter {1,5|3} m",
          "Abzweigdose Ø {70|80} mm {grau|weiß}",
        ],
      },
    ],
  },
  {
    code: "20",
    bezeichnung: "Befestigungstechnik",
    untergruppen: [
      {
        code: "201",
        bezeichnung: "Schrauben",
        gewicht: 16,
        preis: [0.05, 12],
        verpackung: ["VE 100 Stk", "VE 200 Stk", "VE 500 Stk", "VE 1000 Stk"],
        vorlagen: [
          "Schraube M{4|5|6|8|10|12}x{16|20|25|30|40|50|60|80} {verzinkt|Edelstahl A2|Edelstahl A4|schwarz}",
          "Spanplattenschraube {3x16|3,5x30|4x35|4x40|5x50|5x60|6x80} {Torx|Pozidriv} {gelb verzinkt|blank|Edelstahl}",
          "Sechskantschraube M{6|8|10|12|16}x{30|40|50|60|80|100} DIN 933 {verzinkt|8.8|Edelstahl A2}",
          "Holzbauschraube {6x100|8x120|8x160|10x200} Tellerkopf {verzinkt|blank}",
          "Blechschraube {3,5x9,5|4,2x13|4,8x19} {verzinkt|Edelstahl}",
        ],
      },
      {
        code: "202",
        bezeichnung: "Dübel",
        gewicht: 6,
        preis: [0.1, 8],
        verpackung: ["VE 50 Stk", "VE 100 Stk", "VE 200 Stk"],
        vorlagen: [
          "Dübel {5|6|8|10|12} mm {Nylon|Universal}",
          "Schwerlastdübel M{8|10|12|16} {verzinkt|Edelstahl}",
          "Hohlraumdübel M{4|5|6}x{32|45|65} Metall",
          "Rahmendübel {8x80|10x100|10x140} mit Schraube",
        ],
      },
      {
        code: "203",
        bezeichnung: "Muttern und Scheiben",
        gewicht: 6,
        preis: [0.02, 3],
        verpackung: ["VE 100 Stk", "VE 500 Stk"],
        vorlagen: [
          "Mutter M{4|5|6|8|10|12|16} DIN 934 {verzinkt|Edelstahl A2}",
          "Unterlegscheibe {4,3|5,3|6,4|8,4|10,5|13} mm {verzinkt|Edelstahl}",
          "Stoppmutter M{6|8|10} selbstsichernd {verzinkt|Edelstahl}",
          "Flügelmutter M{5|6|8} {verzinkt|Messing}",
        ],
      },
      {
        code: "204",
        bezeichnung: "Nägel",
        gewicht: 3,
        preis: [2, 20],
        verpackung: ["Paket 1 kg", "Paket 2,5 kg", "Paket 5 kg"],
        vorlagen: [
          "Drahtstift {1,6x30|2,2x45|2,8x65|3,1x80} {blank|verzinkt}",
          "Dachpappstift {2,5x20|3,1x25} verzinkt",
          "Schraubnagel {2,5x50|3,1x70} gehärtet",
        ],
      },
    ],
  },
  {
    code: "30",
    bezeichnung: "Garten",
    untergruppen: [
      {
        code: "301",
        bezeichnung: "Bewässerung",
        gewicht: 4,
        preis: [3, 90],
        vorlagen: [
          "Gartenschlauch {½|¾|1} Zoll {15|20|25|50} m",
          "Schlauchkupplung {½|¾} Zoll {mit Stopp|ohne Stopp}",
          "Gießkanne {5|10|12} l {grün|anthrazit|verzinkt}",
          "Rasensprenger {Kreis|Viereck|Impuls} bis {150|250|400} m²",
          "Tropfschlauch {15|25} m für Hochbeet",
        ],
      },
      {
        code: "302",
        bezeichnung: "Gartengeräte",
        gewicht: 4,
        preis: [8, 120],
        vorlagen: [
          "Spaten {gehärtet|Edelstahl} mit {Eschenstiel|Fiberglasstiel}",
          "Rechen {12|14|16} Zinken",
          "{Astschere|Gartenschere|Heckenschere} {Bypass|Amboss} {200|250|680} mm",
          "Schubkarre {85|100} l verzinkt",
          "Laubbesen {Kunststoff|Federstahl} {43|50} cm",
        ],
      },
      {
        code: "303",
        bezeichnung: "Erde und Dünger",
        gewicht: 2,
        preis: [4, 40],
        mwst: 13,
        vorlagen: [
          "Blumenerde {20|40|70} l {torffrei|}",
          "Rasendünger {5|10|20} kg {Langzeit|mit Unkrautvernichter}",
          "Rindenmulch {40|60} l",
          "Hochbeeterde {40|70} l Bio",
        ],
      },
      {
        code: "304",
        bezeichnung: "Winterdienst",
        gewicht: 0.3,
        preis: [6, 80],
        vorlagen: [
          "Schneeschaufel {Aluminium|Kunststoff} {50|55} cm",
          "Streusalz {10|25} kg",
          "Eiskratzer Messing",
        ],
      },
    ],
  },
  {
    code: "40",
    bezeichnung: "Sanitär",
    untergruppen: [
      {
        code: "401",
        bezeichnung: "Rohre und Fittings",
        gewicht: 5,
        preis: [1, 60],
        vorlagen: [
          "Kupferrohr {12|15|18|22|28} mm {2,5|5} m",
          "Pressfitting {Bogen 90°|Bogen 45°|T-Stück|Muffe} {15|18|22|28} mm",
          "Kugelhahn {⅜|½|¾|1} Zoll Messing {vernickelt|blank}",
          "HT-Rohr DN {40|50|75|110} {250|500|1000} mm",
          "Rohrschelle {½|¾|1} Zoll mit Gummieinlage",
        ],
      },
      {
        code: "402",
        bezeichnung: "Armaturen",
        gewicht: 2,
        preis: [15, 350],
        vorlagen: [
          "Einhebelmischer {Küche|Waschtisch|Dusche|Badewanne} {chrom|schwarz matt|edelstahl}",
          "Duschkopf Ø {100|120|200|250} mm {chrom|weiß}",
          "Brauseschlauch {1,25|1,6|2} m {Metall|Kunststoff}",
          "Eckventil ½ Zoll {chrom|messing}",
        ],
      },
      {
        code: "403",
        bezeichnung: "Dichtungen",
        gewicht: 2,
        preis: [0.3, 15],
        verpackung: ["VE 10 Stk", "VE 50 Stk"],
        vorlagen: [
          "Flachdichtung {⅜|½|¾|1} Zoll {Gummi|Fiber}",
          "O-Ring {10x2|15x2,5|20x3} NBR",
          "Gewindedichtfaden {50|150} m",
          "Hanf {40|100} g mit Dichtpaste",
        ],
      },
    ],
  },
  {
    code: "50",
    bezeichnung: "Werkzeug",
    untergruppen: [
      {
        code: "501",
        bezeichnung: "Handwerkzeug",
        gewicht: 6,
        preis: [4, 70],
        vorlagen: [
          "Schraubendreher {Schlitz|Kreuz PH|Torx TX} {1|2|3|5,5|20|25}",
          "Hammer {300|500|800} g {Holzstiel|Fiberglasstiel}",
          "{Wasserpumpenzange|Kombizange|Seitenschneider|Spitzzange} {160|180|250} mm",
          "Gabelschlüssel {8x10|10x13|13x17|17x19} mm",
          "Säge {Fuchsschwanz|Japansäge|Metallsäge} {300|450} mm",
          "Wasserwaage {40|60|80|100} cm Aluminium",
          "Cuttermesser {18|25} mm mit Abbrechklinge",
        ],
      },
      {
        code: "502",
        bezeichnung: "Elektrowerkzeug",
        gewicht: 3,
        preis: [45, 650],
        verleihbar: 0.4,
        vorlagen: [
          "Bohrhammer SDS-plus {650|800|1100} W",
          "Akku-Bohrschrauber {12|18} V {2,0|4,0|5,0} Ah",
          "Winkelschleifer {115|125|230} mm {900|1400|2200} W",
          "Stichsäge {500|650|800} W mit Pendelhub",
          "Kreissäge {160|190|235} mm {1200|1400|1800} W",
          "Schwingschleifer {200|300} W",
        ],
      },
      {
        code: "503",
        bezeichnung: "Bohrer und Bits",
        gewicht: 4,
        preis: [1, 40],
        vorlagen: [
          "Steinbohrer {5x85|6x100|8x120|10x160|12x200} mm",
          "HSS-Bohrer {2|3|4|5|6,5|8|10} mm {DIN 338|kobaltlegiert}",
          "Holzbohrer {6|8|10|12} mm Spirale",
          "Bit-Set {10|32|50}-teilig {Torx|gemischt}",
          "Forstnerbohrer {15|20|25|35} mm",
        ],
      },
    ],
  },
  {
    code: "60",
    bezeichnung: "Farben und Lacke",
    untergruppen: [
      {
        code: "601",
        bezeichnung: "Wandfarbe",
        gewicht: 3,
        preis: [8, 120],
        vorlagen: [
          "Dispersionsfarbe {weiß|reinweiß|cremeweiß} {2,5|5|10|12,5} l",
          "Latexfarbe {seidenmatt|matt} {weiß|grau} {2,5|5} l",
          "Fassadenfarbe {weiß|sandbeige} {5|12,5} l",
        ],
      },
      {
        code: "602",
        bezeichnung: "Lacke und Lasuren",
        gewicht: 3,
        preis: [6, 60],
        vorlagen: [
          "Acryllack {seidenmatt|hochglänzend} {weiß|schwarz|enzianblau|feuerrot} {375|750} ml",
          "Holzlasur {eiche|nussbaum|teak|farblos} {0,75|2,5} l",
          "Heizkörperlack weiß {375|750} ml",
          "Holzöl {farblos|teak} {0,75|2,5} l",
        ],
      },
      {
        code: "603",
        bezeichnung: "Malerzubehör",
        gewicht: 3,
        preis: [1, 25],
        vorlagen: [
          "Malerrolle {10|18|25} cm {Lammfell|Schaumstoff|Mikrofaser}",
          "Flachpinsel {25|35|50|70} mm",
          "Abdeckfolie {4x5|4x12,5} m",
          "Malerkrepp {19|30|38|50} mm x 50 m",
          "Spachtel {40|60|80|100} mm Edelstahl",
        ],
      },
    ],
  },
  {
    code: "70",
    bezeichnung: "Holz und Baustoffe",
    untergruppen: [
      {
        code: "701",
        bezeichnung: "Holz",
        gewicht: 3,
        preis: [3, 80],
        vorlagen: [
          "Rahmenholz Fichte {24x48|40x60|60x80} mm {2,5|3|4} m",
          "OSB-Platte {12|15|18|22} mm 2500x1250",
          "Leimholzplatte {Buche|Eiche|Fichte} {18|27} mm {800x400|1200x600}",
          "Dachlatte {30x50|40x60} mm {4|5} m imprägniert",
        ],
      },
      {
        code: "702",
        bezeichnung: "Baustoffe",
        gewicht: 3,
        preis: [4, 40],
        vorlagen: [
          "Zement {25|40} kg",
          "Fliesenkleber {flexibel|Standard} {5|25} kg",
          "Gipskartonplatte {9,5|12,5} mm {2000x1250|2600x1250}",
          "Fugenmörtel {grau|weiß|anthrazit} {2|5} kg",
          "Schnellbeton {25|40} kg",
        ],
      },
    ],
  },
  {
    code: "80",
    bezeichnung: "Haushalt und Büro",
    untergruppen: [
      {
        code: "801",
        bezeichnung: "Reinigung",
        gewicht: 3,
        preis: [1, 30],
        vorlagen: [
          "Spülmittel {Zitrone|Classic|Sensitiv} {0,5|1|5} l",
          "Allzweckreiniger {1|5|10} l",
          "Bürste {Schrubber|Handfeger|Spülbürste} {Kunststoff|Holz}",
          "Müllsack {35|60|120} l {blau|schwarz|transparent} VE {25|50}",
          "Mikrofasertuch {30x30|40x40} cm {blau|gelb|rot|grün}",
        ],
      },
      {
        code: "802",
        bezeichnung: "Büromaterial",
        gewicht: 2,
        preis: [1, 40],
        mwst: 20,
        vorlagen: [
          "Kopierpapier A4 {80|90|100} g 500 Blatt",
          "Ordner A4 {breit|schmal} {blau|rot|grün|schwarz}",
          "Kugelschreiber {blau|schwarz|rot} VE 10",
          "Haftnotizen {38x51|76x76} mm {gelb|bunt}",
        ],
      },
      {
        code: "803",
        bezeichnung: "Möbelbeschläge",
        gewicht: 2,
        preis: [1, 35],
        vorlagen: [
          "Möbelgriff {96|128|160|192} mm {Edelstahl|schwarz matt|Messing}",
          "Türdrücker {Rosette|Langschild} {Edelstahl|Messing|weiß}",
          "Topfscharnier {35} mm {Aufschlag|Einschlag} mit Dämpfung",
          "Schubladenführung {300|400|500} mm Vollauszug",
        ],
      },
    ],
  },
  {
    code: "90",
    bezeichnung: "Getränke und Lebensmittel",
    untergruppen: [
      {
        code: "901",
        bezeichnung: "Getränke",
        gewicht: 2,
        preis: [0.5, 30],
        mwst: 20,
        vorlagen: [
          "Mineralwasser {prickelnd|still|mild} {0,33|0,5|1,5} l",
          "Apfelsaft {naturtrüb|klar} {0,2|1} l",
          "Bier {Märzen|Zwickl|Radler|Weißbier} {0,33|0,5} l",
          "Grüner Veltliner {2022|2023|2024} 0,75 l",
        ],
      },
      {
        code: "902",
        bezeichnung: "Lebensmittel",
        gewicht: 1.5,
        preis: [1, 25],
        mwst: 10,
        vorlagen: [
          "Kaffee {Bohnen|gemahlen} {250 g|500 g|1 kg}",
          "Zucker {Würfel|Kristall} {500 g|1 kg}",
          "Kürbiskernöl steirisch g.g.A. {0,25|0,5|1} l",
          "Käse {Bergkäse|Emmentaler|Gouda} {200 g|1 kg}",
        ],
      },
    ],
  },
  {
    code: "95",
    bezeichnung: "Verleih",
    untergruppen: [
      {
        code: "951",
        bezeichnung: "Baugeräte",
        gewicht: 1,
        preis: [20, 900],
        verleihbar: 0.95,
        vorlagen: [
          "Rüttelplatte {60|90|140} kg",
          "Fahrgerüst {4|5|6} m Aluminium",
          "Hochdruckreiniger {130|150|180} bar",
          "Betonmischer {140|160} l",
          "Anhänger {750|1300} kg gebremst",
          "Stromerzeuger {2,5|5} kW",
          "Bautrockner {20|50} l/Tag",
        ],
      },
    ],
  },
];

export const HERSTELLER = [
  "Würth",
  "fischer",
  "Osram",
  "Philips",
  "Gardena",
  "Bosch",
  "Makita",
  "Hilti",
  "Knipex",
  "Wera",
  "Grohe",
  "Hansgrohe",
  "Brillux",
  "Baumit",
  "Schäffler",
  "Böhler",
  "Kärcher",
  "Festool",
  "Spax",
  "Viega",
  "Geberit",
  "Kobra",
  "Pöttinger",
  "Ötztaler Werkzeug",
] as const;

/** The price tiers of the bench tenant (price tier prices are a few percent below the base price). */
export const PREISSCHIENEN = ["Wiederverkäufer", "Großkunde", "Gastronomie"] as const;

/** Fills a template: every `{a|b|c}` becomes one of its alternatives; double spaces collapse. */
export function fill(template: string, pick: (alternatives: readonly string[]) => string): string {
  return template
    .replace(/\{([^}]*)\}/g, (_, body: string) => pick(body.split("|")))
    .replace(/\s+/g, " ")
    .trim();
}

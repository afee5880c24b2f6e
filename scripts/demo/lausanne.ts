// Demo content: Lausanne (Switzerland), real coordinates (WGS84) of real places.

export const demoCategory = { name: 'Lausanne', slug: 'lausanne', fallback_locale: 'fr' as const }

export const demoPlaces: { key: string; name: string; lat: number; lng: number }[] = [
  { key: 'cathedral', name: 'Cathédrale de Lausanne', lat: 46.52255, lng: 6.63567 },
  { key: 'palud', name: 'Place de la Palud', lat: 46.52068, lng: 6.63306 },
  { key: 'market-stairs', name: 'Escaliers du Marché', lat: 46.52147, lng: 6.63418 },
  { key: 'chateau', name: 'Château Saint-Maire', lat: 46.52402, lng: 6.63628 },
  { key: 'rumine', name: 'Palais de Rumine', lat: 46.52290, lng: 6.63857 },
  { key: 'riponne', name: 'Place de la Riponne', lat: 46.52372, lng: 6.63300 },
  { key: 'saint-francois', name: 'Église Saint-François', lat: 46.51972, lng: 6.63249 },
  { key: 'bessieres', name: 'Pont Bessières', lat: 46.52219, lng: 6.63950 },
  { key: 'grand-pont', name: 'Grand-Pont', lat: 46.52003, lng: 6.63038 },
  { key: 'flon', name: 'Le Flon', lat: 46.52098, lng: 6.62797 },
  { key: 'bel-air', name: 'Tour Bel-Air', lat: 46.52124, lng: 6.62963 },
  { key: 'station', name: 'Gare de Lausanne', lat: 46.51673, lng: 6.62909 },
  { key: 'plateforme10', name: 'Plateforme 10', lat: 46.51756, lng: 6.62650 },
  { key: 'bourg', name: 'Rue de Bourg', lat: 46.52035, lng: 6.63496 },
  { key: 'mon-repos', name: 'Parc de Mon-Repos', lat: 46.51950, lng: 6.64550 },
  { key: 'ouchy-castle', name: "Château d'Ouchy", lat: 46.50683, lng: 6.62713 },
  { key: 'ouchy-port', name: "Port d'Ouchy", lat: 46.50735, lng: 6.62850 },
  { key: 'olympic-museum', name: 'Musée Olympique', lat: 46.50858, lng: 6.63398 },
  { key: 'denantou', name: 'Parc du Denantou', lat: 46.50920, lng: 6.64300 },
  { key: 'milan', name: 'Parc de Milan', lat: 46.51300, lng: 6.62300 },
  { key: 'botanical', name: 'Jardin botanique', lat: 46.51312, lng: 6.62583 },
  { key: 'vidy', name: 'Théâtre de Vidy', lat: 46.51650, lng: 6.59800 },
  { key: 'sauvabelin-tower', name: 'Tour de Sauvabelin', lat: 46.53550, lng: 6.63950 },
  { key: 'sauvabelin-lake', name: 'Lac de Sauvabelin', lat: 46.53450, lng: 6.64100 },
  { key: 'hermitage', name: "Fondation de l'Hermitage", lat: 46.53100, lng: 6.64200 },
  { key: 'art-brut', name: "Collection de l'Art Brut", lat: 46.52600, lng: 6.62300 },
  { key: 'valency', name: 'Parc de Valency', lat: 46.52700, lng: 6.61600 },
  { key: 'cite-stairs', name: 'Escaliers de la Cité', lat: 46.52190, lng: 6.63470 },
  { key: 'without-coordinates', name: 'Lausanne Tourisme (office)', lat: NaN, lng: NaN },
]

type Texts = { name: string; subtitle: string; description: string; content_title: string; content_text: string; logo_title: string }

export const demoRoutes: {
  key: string
  color: string
  status: 'draft' | 'published'
  places: string[]
  texts: Record<'fr' | 'en' | 'de' | 'it', Texts>
}[] = [
  {
    key: 'old-town',
    color: 'bg-orange',
    status: 'published',
    places: ['palud', 'market-stairs', 'cite-stairs', 'cathedral', 'chateau', 'rumine', 'riponne', 'bel-air'],
    texts: {
      fr: { name: 'La vieille ville', subtitle: 'De la Palud à la Cathédrale', description: 'Les escaliers couverts, la cathédrale gothique et le guet qui crie les heures.', content_title: 'Une ville en pente', content_text: 'Lausanne est bâtie sur trois collines : préparez vos mollets pour les escaliers du Marché.', logo_title: 'Avec le soutien de' },
      en: { name: 'The old town', subtitle: 'From the Palud to the Cathedral', description: 'Covered stairs, the Gothic cathedral and the night watchman who calls the hours.', content_title: 'A town on a slope', content_text: 'Lausanne is built on three hills: get your legs ready for the Market Stairs.', logo_title: 'Supported by' },
      de: { name: 'Die Altstadt', subtitle: 'Von der Palud zur Kathedrale', description: 'Überdachte Treppen, die gotische Kathedrale und der Nachtwächter, der die Stunden ausruft.', content_title: 'Eine Stadt am Hang', content_text: 'Lausanne ist auf drei Hügeln gebaut: Machen Sie sich auf die Markttreppe gefasst.', logo_title: 'Mit Unterstützung von' },
      it: { name: 'La città vecchia', subtitle: 'Dalla Palud alla Cattedrale', description: 'Scale coperte, la cattedrale gotica e la sentinella che grida le ore.', content_title: 'Una città in salita', content_text: 'Losanna è costruita su tre colline: preparati alle scale del Mercato.', logo_title: 'Con il sostegno di' },
    },
  },
  {
    key: 'lakeside',
    color: 'bg-blue-100',
    status: 'published',
    places: ['station', 'plateforme10', 'milan', 'botanical', 'ouchy-castle', 'ouchy-port', 'olympic-museum', 'denantou'],
    texts: {
      fr: { name: 'Au bord du lac', subtitle: "De la gare à Ouchy", description: 'Musées, parcs et quais du Léman, en descendant tranquillement vers le lac.', content_title: 'Le Léman', content_text: 'Depuis les quais d’Ouchy, les Alpes françaises se reflètent dans le lac.', logo_title: 'Partenaires' },
      en: { name: 'By the lake', subtitle: 'From the station to Ouchy', description: 'Museums, parks and the quays of Lake Geneva, walking gently down to the water.', content_title: 'Lake Geneva', content_text: 'From the Ouchy quays the French Alps are mirrored in the lake.', logo_title: 'Partners' },
      de: { name: 'Am Seeufer', subtitle: 'Vom Bahnhof nach Ouchy', description: 'Museen, Parks und die Quais des Genfersees, gemütlich hinunter zum Wasser.', content_title: 'Der Genfersee', content_text: 'Von den Quais in Ouchy spiegeln sich die französischen Alpen im See.', logo_title: 'Partner' },
      it: { name: 'In riva al lago', subtitle: 'Dalla stazione a Ouchy', description: 'Musei, parchi e lungolago del Lemano, scendendo con calma verso l’acqua.', content_title: 'Il Lemano', content_text: 'Dal lungolago di Ouchy le Alpi francesi si specchiano nel lago.', logo_title: 'Partner' },
    },
  },
  {
    key: 'sauvabelin',
    color: 'bg-green-100',
    status: 'published',
    places: ['riponne', 'hermitage', 'sauvabelin-lake', 'sauvabelin-tower'],
    texts: {
      fr: { name: 'La forêt de Sauvabelin', subtitle: 'Une tour en bois au-dessus des arbres', description: 'Une montée vers le lac de Sauvabelin et sa tour panoramique de 35 mètres.', content_title: 'Le poumon vert', content_text: 'La tour de Sauvabelin offre une vue à 360° sur le lac et les Alpes.', logo_title: 'Avec' },
      en: { name: 'Sauvabelin forest', subtitle: 'A wooden tower above the trees', description: 'A climb to Sauvabelin lake and its 35-metre panoramic tower.', content_title: 'The green lung', content_text: 'The Sauvabelin tower gives a 360° view of the lake and the Alps.', logo_title: 'With' },
      de: { name: 'Der Wald von Sauvabelin', subtitle: 'Ein Holzturm über den Bäumen', description: 'Ein Aufstieg zum Sauvabelin-See und seinem 35 Meter hohen Aussichtsturm.', content_title: 'Die grüne Lunge', content_text: 'Der Turm von Sauvabelin bietet eine Rundsicht auf See und Alpen.', logo_title: 'Mit' },
      it: { name: 'Il bosco di Sauvabelin', subtitle: 'Una torre di legno sopra gli alberi', description: 'Una salita al lago di Sauvabelin e alla sua torre panoramica di 35 metri.', content_title: 'Il polmone verde', content_text: 'La torre di Sauvabelin offre una vista a 360° sul lago e sulle Alpi.', logo_title: 'Con' },
    },
  },
  {
    key: 'museums',
    color: 'bg-violet',
    status: 'draft',
    places: ['art-brut', 'plateforme10', 'rumine', 'hermitage'],
    texts: {
      fr: { name: 'Les musées', subtitle: 'Art brut, beaux-arts et histoire', description: 'Un parcours en préparation à travers les musées de la ville.', content_title: 'À venir', content_text: 'Ce parcours est encore un brouillon.', logo_title: 'Partenaires' },
      en: { name: 'The museums', subtitle: 'Art brut, fine arts and history', description: 'A route in preparation through the town’s museums.', content_title: 'Coming soon', content_text: 'This route is still a draft.', logo_title: 'Partners' },
      de: { name: 'Die Museen', subtitle: 'Art brut, bildende Kunst und Geschichte', description: 'Eine Route in Vorbereitung durch die Museen der Stadt.', content_title: 'Demnächst', content_text: 'Diese Route ist noch ein Entwurf.', logo_title: 'Partner' },
      it: { name: 'I musei', subtitle: 'Art brut, belle arti e storia', description: 'Un percorso in preparazione attraverso i musei della città.', content_title: 'In arrivo', content_text: 'Questo percorso è ancora una bozza.', logo_title: 'Partner' },
    },
  },
]

/**
 * The places' stories, each in a content language of the category (ADR 044): French, its
 * fallback (what French, German and Italian visitors read), and English.
 */
export const demoSecrets: { place: string; locale: 'fr' | 'en'; title: string; text: string }[] = [
  { place: 'cathedral', locale: 'fr', title: 'Le guet', text: 'Chaque nuit, de 22\u00a0h à 2\u00a0h, un guet crie les heures du haut du clocher, comme il le fait depuis 1405.' },
  { place: 'cathedral', locale: 'en', title: 'The watchman', text: 'Every night from 10 pm to 2 am a watchman calls the hours from the bell tower, as he has since 1405.' },
  { place: 'market-stairs', locale: 'fr', title: 'Couverts depuis le Moyen Âge', text: 'Le toit de bois gardait au sec ceux qui montaient du marché à la cathédrale.' },
  { place: 'market-stairs', locale: 'en', title: 'Covered since the Middle Ages', text: 'The wooden roof kept market-goers dry on their way up to the cathedral.' },
  { place: 'palud', locale: 'fr', title: 'Le spectacle de l’horloge', text: 'À chaque heure, de petits personnages défilent sur l’horloge de la place de la Palud.' },
  { place: 'palud', locale: 'en', title: 'The clock show', text: 'On the hour, little figures parade on the clock of the Palud fountain square.' },
  { place: 'sauvabelin-tower', locale: 'fr', title: '302 marches', text: 'Comptez-les en montant\u202f: le double escalier en colimaçon ne se croise jamais.' },
  { place: 'sauvabelin-tower', locale: 'en', title: '302 steps', text: 'Count them on the way up: the double spiral staircase never crosses itself.' },
  { place: 'ouchy-port', locale: 'fr', title: 'Les bateaux à roues', text: 'Les vapeurs Belle Époque de la CGN partent toujours d’ici pour Évian et Montreux.' },
  { place: 'ouchy-port', locale: 'en', title: 'Paddle steamers', text: 'The Belle Époque steamers of the CGN still leave from here for Évian and Montreux.' },
  { place: 'flon', locale: 'fr', title: 'Une rivière enterrée', text: 'Le Flon coule toujours, couvert, sous les bars et les boutiques du quartier.' },
  { place: 'flon', locale: 'en', title: 'A buried river', text: 'The Flon river still flows, covered, below the bars and shops of the quarter.' },
]

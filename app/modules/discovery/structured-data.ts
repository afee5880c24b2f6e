// schema.org structured data of the visitor pages (ADR 121), as JSON-LD: a route is a
// TouristTrip whose itinerary lists its stops in order as TouristAttractions with coordinates;
// a category's home is an ItemList of its routes. Pure: the loaders' views in, plain objects out.

export interface TripSource {
  name: string
  description: string | null
  url: string
  locale: string
  images: string[]
  stops: { name: string; lat: number; lng: number }[]
}

export function touristTrip(trip: TripSource) {
  return {
    '@context': 'https://schema.org',
    '@type': 'TouristTrip',
    name: trip.name,
    ...(trip.description ? { description: trip.description } : {}),
    url: trip.url,
    inLanguage: trip.locale,
    ...(trip.images.length ? { image: trip.images } : {}),
    itinerary: {
      '@type': 'ItemList',
      numberOfItems: trip.stops.length,
      itemListElement: trip.stops.map((stop, i) => ({
        '@type': 'ListItem',
        position: i + 1,
        item: {
          '@type': 'TouristAttraction',
          name: stop.name,
          geo: { '@type': 'GeoCoordinates', latitude: stop.lat, longitude: stop.lng },
        },
      })),
    },
  }
}

export function routeList(list: { name: string; url: string; locale: string; routes: { name: string; url: string }[] }) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: list.name,
    url: list.url,
    inLanguage: list.locale,
    numberOfItems: list.routes.length,
    itemListElement: list.routes.map((route, i) => ({ '@type': 'ListItem', position: i + 1, name: route.name, url: route.url })),
  }
}

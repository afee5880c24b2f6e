// The outside services a setting may name (DIRECTIONS_PROVIDER, GEOCODER): the settings' own
// lists, which the modules that talk to those services read (config is below the modules).

export const directionsProviderNames = ['straight', 'mapbox', 'osrm'] as const
export type DirectionsProviderName = (typeof directionsProviderNames)[number]

export const geocoderNames = ['nominatim', 'mapbox', 'off'] as const

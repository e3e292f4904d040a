/**
 * The column words of each measured sense (general English), shared by the adjectives that name a
 * measure by its sense: comparatives ("longer than", measured-comparatives.ts) and superlatives
 * ("the longest", constructions/superlative-lookup.ts).
 */
export const LENGTH = ['length', 'long', 'distance'];
export const ALTITUDE = ['altitude', 'height', 'elevation'];
export const SIZE = ['area', 'size', 'population'];
export const DEPTH = ['depth', 'deep'];
export const WEIGHT = ['weight', 'mass'];
export const SPEED = ['speed'];
export const WIDTH = ['width', 'wide', 'breadth'];
export const PRICE = ['price', 'cost', 'fee'];
export const AGE = ['age'];
export const POPULATION = ['population', 'inhabitants', 'residents'];

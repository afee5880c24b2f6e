import { describeHostileInput } from './hostile-input.ts'

// A quarter of the OpenAPI document's operations (hostile-input.ts): the four files run side by side.
describeHostileInput({ operations: { part: 1, parts: 4 } })

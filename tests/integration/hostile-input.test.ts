import { describeHostileInput } from './hostile-input.ts'

// The bugs the generated requests found, kept as examples (hostile-input.ts); the generated
// requests themselves are in hostile-input.operations-N.test.ts.
describeHostileInput('examples')

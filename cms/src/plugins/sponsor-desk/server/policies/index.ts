import holds from './holds';

export default { holds };

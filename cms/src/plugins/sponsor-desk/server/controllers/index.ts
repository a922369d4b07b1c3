import desk from './desk';

export default { desk };

import csvBody from './csv-body';
import deskActions from './desk-actions';
import lists from './lists';

/** The desk's own services; what it asks of the app's nouns (the board, the ledger, signing, ...) stays in src/api. */
export default { 'csv-body': csvBody, 'desk-actions': deskActions, lists };

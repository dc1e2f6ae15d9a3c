// A page whose screen the server drew (decision 029) lists the app's scripts instead of
// preloading them; the entry preloads them when it starts the app (decisions 030, 031). Its own module,
// imported by the entry alone: what the app imports too goes into the app's chunk, which the entry
// would then load at once.

/** The id of the `<script type="application/json">` element that lists the scripts. */
export const AFTER_LOAD_SCRIPTS_ELEMENT_ID = 'barrio-after-load';

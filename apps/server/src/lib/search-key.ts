// The directory's search key is built by the browser too (it answers a search from the list it has while the
// server is asked), so it is defined once, in the contracts.
export { searchKey } from '@rounds/contracts/names';

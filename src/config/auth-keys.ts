/** Where each kind of session is kept on the device (PocketBase's LocalAuthStore keys). */
export const STAFF_AUTH_KEY = 'rv_staff_auth';
export const CLIENT_AUTH_KEY = 'rv_client_auth';

import { createContext, useContext } from 'react';

/**
 * True while the build draws the signed-in frame of the home page for no one in particular (src/prerender.tsx):
 * the guard lets it through, the layout draws its signed-in shape with the navigation's empty rail, and nothing
 * that needs a user (the session's socket, the banner, calls) is started. False in the app.
 */
export const SignedInFrameRender = createContext(false);

export const useSignedInFrameRender = (): boolean => useContext(SignedInFrameRender);

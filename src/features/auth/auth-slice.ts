import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import { emailVerified, profileMissing, resetPassword, signIn, signInWithGoogle, signOut, signUp } from './auth-actions';
import type { AuthState, AuthUser } from './types';

export const initialAuthState: AuthState = { user: null, loading: true, error: null };

/**
 * The auth state machine: loading starts true; setting the user sets loading false and clears the error; setting an error
 * sets loading false; sign-in, sign-up, sign-out and reset-password each set loading true and clear the error
 * first. The error message is stored here and rethrown to the caller (`.unwrap()`). Google sign-in is a sign-in; a
 * closed popup leaves no error. `pendingProfile` holds a signed-in person whose builder record is missing until
 * "Complete seu cadastro" sets the user (or a sign-out ends it).
 */
export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    setUser(state, action: PayloadAction<AuthUser | null>) {
      state.user = action.payload;
      state.loading = false;
      state.error = null;
      delete state.pendingProfile;
    },
    setError(state, action: PayloadAction<string>) {
      state.error = action.payload;
      state.loading = false;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(profileMissing, (state, action) => {
        state.user = null;
        state.loading = false;
        state.error = null;
        state.pendingProfile = action.payload;
      })
      .addCase(emailVerified, (state) => {
        if (state.user) state.user.emailVerified = true;
      })
      .addCase(signOut.fulfilled, (state) => {
        state.user = null;
        state.loading = false;
        delete state.pendingProfile;
      })
      .addCase(signOut.rejected, (state, action) => {
        // Local data is cleared even when the provider failed: nobody stays half signed in.
        state.user = null;
        state.loading = false;
        state.error = action.payload?.message ?? action.error.message ?? null;
        delete state.pendingProfile;
      })
      .addCase(resetPassword.fulfilled, (state) => {
        state.loading = false;
      })
      // null: signed in, the builder's registration still to complete (profileMissing set pendingProfile).
      .addMatcher(isAnyOf(signIn.fulfilled, signInWithGoogle.fulfilled, signUp.fulfilled), (state, action) => {
        state.user = action.payload;
        state.loading = false;
        if (action.payload) delete state.pendingProfile;
      })
      .addMatcher(
        isAnyOf(signIn.pending, signInWithGoogle.pending, signUp.pending, signOut.pending, resetPassword.pending),
        (state) => {
          state.loading = true;
          state.error = null;
        },
      )
      .addMatcher(
        isAnyOf(signIn.rejected, signInWithGoogle.rejected, signUp.rejected, resetPassword.rejected),
        (state, action) => {
          state.loading = false;
          state.error = action.payload?.quiet ? null : (action.payload?.message ?? action.error.message ?? null);
        },
      );
  },
});

export const { setUser, setError } = authSlice.actions;
export const authReducer = authSlice.reducer;

type WithAuth = { auth: AuthState };
export const selectAuth = (state: WithAuth) => state.auth;
export const selectUser = (state: WithAuth) => state.auth.user;
export const selectPendingProfile = (state: WithAuth) => state.auth.pendingProfile ?? null;

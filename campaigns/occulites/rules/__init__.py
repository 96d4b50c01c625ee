"""Pure rules of Dawn: Rise of the Occulites (no Django imports; randomness is injected)."""

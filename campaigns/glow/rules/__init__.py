"""Pure rules of Glow's "Dawn" expansion (no Django imports; randomness is injected)."""

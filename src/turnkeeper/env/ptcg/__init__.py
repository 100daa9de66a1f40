"""The ptcg environment: ``encoding`` (the fixed spaces), ``ptcg`` (the AEC environment)."""
